import { createContext, useContext, type ReactElement } from 'react';

/**
 * Server-rendered HTML of a subtree that is a pure function of its key, kept between
 * requests: a story body renders the same for every reader of one revision with one top
 * highlight, so it is rendered once, not on every request (docs/adr/0008). Only the
 * server provides one (src/web/ssr/fragment-cache.ts); in the browser the subtree renders
 * and hydrates as usual, over the same HTML.
 */
export interface ServerFragments {
  /**
   * The HTML kept for `keyParts` (JSON-serializable: everything the subtree's output
   * depends on), as a token the page's bytes replace with it (src/web/ssr/page-bytes.ts),
   * or null when there is none yet: the caller renders `element()` inline this time, and it
   * is kept once this render is done.
   */
  html(keyParts: unknown, element: () => ReactElement): string | null;
}

export const ServerFragmentsContext = createContext<ServerFragments | null>(null);

/**
 * The kept HTML of `element()` on the server, as its token (render it with
 * dangerouslySetInnerHTML on the element that would hold it), or null: render `element()` as a child. `keyParts` is
 * a function so the browser never builds the key. `enabled` false: always null (the
 * subtree depends on something the key cannot name, such as a signed-in viewer).
 * `element()` is kept from a render of its own within the page's site and navigation
 * (App's PageContexts); any other context it reads has its default there.
 */
export function useServerFragment(keyParts: () => unknown, element: () => ReactElement, enabled = true): string | null {
  const fragments = useContext(ServerFragmentsContext);
  return fragments && enabled ? fragments.html(keyParts(), element) : null;
}

/**
 * A part of a page's embedded state that is the same for every reader of one version (a story
 * body for one revision): `holder[prop]`, serialized once per `key` on the server
 * (src/web/ssr/kept-json.ts; PageDef.keptState names them).
 */
export interface KeptPart {
  holder: Record<string, unknown>;
  prop: string;
  key: string;
}
