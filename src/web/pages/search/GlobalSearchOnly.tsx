import { createContext, useContext, useState, type ReactNode } from 'react';

export interface GlobalSearchOnlyState {
  /** True: the whole site is searched; false: only the publication whose search page this is. */
  globalSearchOnly: boolean;
  setGlobalSearchOnly(value: boolean): void;
}

const GlobalSearchOnlyContext = createContext<GlobalSearchOnlyState>({ globalSearchOnly: true, setGlobalSearchOnly() {} });
export const useGlobalSearchOnly = () => useContext(GlobalSearchOnlyContext);

/**
 * Spec §2.1: the search page wraps its content in a global-search-only toggle state. /search
 * searches the whole site; a publication's search page (once publications exist) starts
 * scoped to it and can widen to everything.
 */
export function GlobalSearchOnlyToggle({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [globalSearchOnly, setGlobalSearchOnly] = useState(initial);
  return <GlobalSearchOnlyContext.Provider value={{ globalSearchOnly, setGlobalSearchOnly }}>{children}</GlobalSearchOnlyContext.Provider>;
}
