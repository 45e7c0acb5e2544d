import { useSyncExternalStore } from 'react';

/** Width at or under which the console switches to its mobile layout. */
export const mobileBreakpoint = 600;

const query = `(max-width: ${mobileBreakpoint}px)`;

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

function snapshot(): boolean {
  return window.matchMedia(query).matches;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** Width of a side drawer: full screen on mobile, 600 px otherwise. */
export function useDrawerWidth(): number {
  const isMobile = useIsMobile();
  return isMobile ? window.innerWidth : 600;
}
