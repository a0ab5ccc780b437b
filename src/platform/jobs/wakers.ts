/**
 * Wake-ups for the background loops of this process: a command that just committed work
 * (an email, a domain event) calls notify(), and the loops registered with on() start a
 * pass at once instead of at their next poll. Other processes find the work by polling.
 */
export function createWakers(): { notify(): void; on(wake: () => void): () => void } {
  const wakers = new Set<() => void>();
  return {
    notify() {
      for (const wake of wakers) wake();
    },
    on(wake) {
      wakers.add(wake);
      return () => wakers.delete(wake);
    },
  };
}
