import { useEffect, useState } from 'react';

/** False during server render and hydration, true after the first client effect. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
