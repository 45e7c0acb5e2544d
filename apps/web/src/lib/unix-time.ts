import dayjs from 'dayjs';

/** Unix seconds as local `YYYY-MM-DD HH:mm:ss`; `empty` for 0 (a time never set). */
export function unixTimeText(seconds: number, empty = '-'): string {
  return seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : empty;
}
