import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addTypename } from './add-typename.js';

describe('addTypename', () => {
  it('adds __typename to nested selections and fragments, not to the operation root', () => {
    const doc = parse('query Q { post(id: "1") { id creator { name } ...F } } fragment F on Post { title }');
    expect(print(addTypename(doc))).toBe(
      print(parse('query Q { post(id: "1") { id creator { name __typename } ...F __typename } } fragment F on Post { title __typename }')),
    );
  });

  it('leaves selections that already ask for __typename alone', () => {
    const doc = parse('{ postResult(id: "1") { __typename ... on Post { id } } }');
    expect(print(addTypename(doc))).toBe(print(parse('{ postResult(id: "1") { __typename ... on Post { id __typename } } }')));
  });
});
