import { useEffect, useState } from 'react';

/** Search runs only for non-empty text, debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
