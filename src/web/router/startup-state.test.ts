import { describe, expect, it } from 'vitest';
import type { PreloadedState } from './preloaded-state.js';
import { readStartupState } from './startup-state.js';

const state: PreloadedState = {
  pageId: 'post',
  routeName: 'ShowPost',
  params: { postId: 'abc' },
  table: { kind: 'default', hostParams: {} },
  site: { siteName: 'Inkwell', mainHost: 'localhost', viewer: null },
  status: 200,
};

describe('readStartupState', () => {
  it('returns the three pieces the server embeds', () => {
    expect(readStartupState({ __PRELOADED_STATE__: state, __APOLLO_STATE__: [], __GRAPHQL_URL__: '/_/graphql' })).toEqual({ state, cache: [], graphqlUrl: '/_/graphql' });
  });

  it('fails with a clear error naming every missing piece', () => {
    expect(() => readStartupState({ __PRELOADED_STATE__: state })).toThrow(
      'Cannot start: the server did not supply the query-cache state (window.__APOLLO_STATE__), GraphQL address (window.__GRAPHQL_URL__).',
    );
    expect(() => readStartupState({ __APOLLO_STATE__: [], __GRAPHQL_URL__: '/_/graphql' })).toThrow('preloaded state (window.__PRELOADED_STATE__)');
  });
});
