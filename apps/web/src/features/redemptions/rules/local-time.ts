const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds as local `YYYY-MM-DD HH:mm:ss`; '' for 0 (a code not redeemed yet). */
export function formatLocalDateTime(seconds: number): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
