/**
 * A search request's state (spec §4, §3 'search query cache'): loading, then success or
 * error. Loading keeps the data shown before; an error clears it. Only the latest request
 * counts: an older answer arriving late is dropped.
 */
export interface SearchState<T> {
  status: 'idle' | 'loading' | 'success' | 'error';
  data: T | null;
  /** The request the state waits for or shows. */
  seq: number;
}

export type SearchAction<T> = { type: 'start'; seq: number } | { type: 'success'; seq: number; data: T } | { type: 'error'; seq: number } | { type: 'reset' };

export const initialSearchState = <T>(): SearchState<T> => ({ status: 'idle', data: null, seq: 0 });

export function searchStateReducer<T>(state: SearchState<T>, action: SearchAction<T>): SearchState<T> {
  switch (action.type) {
    case 'start':
      return { status: 'loading', data: state.data, seq: action.seq };
    case 'success':
      return action.seq === state.seq ? { status: 'success', data: action.data, seq: action.seq } : state;
    case 'error':
      return action.seq === state.seq ? { status: 'error', data: null, seq: action.seq } : state;
    case 'reset':
      return { status: 'idle', data: null, seq: state.seq };
  }
}
