import { createContext, useContext } from 'react';

export interface Navigation {
  pathname: string;
  search: string;
  /** Client navigation; falls back to a full load when the client router is not running. */
  navigate(href: string, opts?: { replace?: boolean }): void;
  /** Preload the page script and data of a path (hover / press). */
  preload(href: string): void;
}

const serverNavigation: Navigation = {
  pathname: '/',
  search: '',
  navigate(href) {
    if (typeof window !== 'undefined') window.location.assign(href);
  },
  preload() {},
};

export const NavigationContext = createContext<Navigation>(serverNavigation);
export const useNavigation = () => useContext(NavigationContext);
