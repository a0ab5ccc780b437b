import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PageData, variablesKey } from './page-data.js';

describe('PageData', () => {
  const A = parse('query A($id: ID!) { post(id: $id) { id } }');
  const B = parse('query B { isLoggedIn }');

  it('finds a result by document and variables, whatever their key order', () => {
    const data = new PageData([
      { query: A, variables: { id: '1', extra: { b: 2, a: 1 } }, data: { post: { id: '1' } } },
      { query: B, variables: undefined, data: { isLoggedIn: false } },
    ]);
    expect(data.read(A, { extra: { a: 1, b: 2 }, id: '1' })).toEqual({ post: { id: '1' } });
    expect(data.read(B, undefined)).toEqual({ isLoggedIn: false });
    expect(data.read(B, {})).toEqual({ isLoggedIn: false });
  });

  it('misses on other variables or another document', () => {
    const data = new PageData([{ query: A, variables: { id: '1' }, data: { post: { id: '1' } } }]);
    expect(data.read(A, { id: '2' })).toBeUndefined();
    expect(data.read(parse('query A($id: ID!) { post(id: $id) { id } }'), { id: '1' })).toBeUndefined();
  });

  it('keys arrays in order and nested objects by sorted keys', () => {
    expect(variablesKey({ b: [2, 1], a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":[2,1]}');
  });
});
