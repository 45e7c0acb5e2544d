/** Badge colours of the log table (spec part 2 §9). */
export type BadgeColor = 'green' | 'orange' | 'red';

/** Use time (whole seconds): under 101 s green, under 300 s orange, else red. */
export function useTimeColor(seconds: number): BadgeColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time as shown: seconds with one decimal. */
export function firstTokenSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(1);
}

/** First-token time: under 3 s green, under 10 s orange, else red (judged on the shown value). */
export function firstTokenColor(milliseconds: number): BadgeColor {
  const seconds = Number(firstTokenSeconds(milliseconds));
  if (seconds < 3) return 'green';
  if (seconds < 10) return 'orange';
  return 'red';
}

/**
 * Whether a row has a first-token time to show: stream calls only (non-stream calls log −1000),
 * and only when one was recorded.
 */
export function hasFirstTokenTime(isStream: boolean, frt: number | undefined): frt is number {
  return isStream && frt !== undefined && frt >= 0;
}
