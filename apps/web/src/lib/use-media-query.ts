import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when it starts or stops matching.
 * `fallback` answers where there is no window (rendering outside a browser).
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => fallback,
  );
}

/** The person asked their system for less motion (WCAG 2.3.3): the console then animates nothing. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
