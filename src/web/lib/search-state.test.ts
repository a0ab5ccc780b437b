import { describe, expect, it } from 'vitest';
import { initialSearchState, searchStateReducer as reduce, type SearchState } from './search-state';

describe('a search request state (spec §4)', () => {
  it('loading keeps the data shown before, success replaces it', () => {
    let s: SearchState<string[]> = initialSearchState();
    s = reduce(s, { type: 'start', seq: 1 });
    s = reduce(s, { type: 'success', seq: 1, data: ['a'] });
    s = reduce(s, { type: 'start', seq: 2 });
    expect(s).toEqual({ status: 'loading', data: ['a'], seq: 2 });
    s = reduce(s, { type: 'success', seq: 2, data: ['b'] });
    expect(s).toEqual({ status: 'success', data: ['b'], seq: 2 });
  });

  it('an error clears the data', () => {
    let s: SearchState<string[]> = { status: 'success', data: ['a'], seq: 1 };
    s = reduce(s, { type: 'start', seq: 2 });
    s = reduce(s, { type: 'error', seq: 2 });
    expect(s).toEqual({ status: 'error', data: null, seq: 2 });
  });

  it('the latest request wins: a late answer to an older one is dropped', () => {
    let s: SearchState<string[]> = initialSearchState();
    s = reduce(s, { type: 'start', seq: 1 });
    s = reduce(s, { type: 'start', seq: 2 });
    s = reduce(s, { type: 'success', seq: 2, data: ['new'] });
    s = reduce(s, { type: 'success', seq: 1, data: ['old'] });
    s = reduce(s, { type: 'error', seq: 1 });
    expect(s).toEqual({ status: 'success', data: ['new'], seq: 2 });
  });
});
