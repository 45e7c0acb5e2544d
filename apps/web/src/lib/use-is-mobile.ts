import { useMediaQuery } from './use-media-query';

/** Width at or under which the console switches to its mobile layout. */
export const mobileBreakpoint = 600;

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${mobileBreakpoint}px)`);
}

/** Width of a side drawer: full screen on mobile, 600 px otherwise. */
export function useDrawerWidth(): number {
  const isMobile = useIsMobile();
  return isMobile ? window.innerWidth : 600;
}
