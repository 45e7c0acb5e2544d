import { randomAlphanumeric } from '../lib/random.js';

/** Header carrying the request id, named as in new-api so existing tooling keeps working. */
export const REQUEST_ID_HEADER = 'x-oneapi-request-id';

/** `yyyyMMddHHmmss` + nanosecond remainder + 8 random characters, unique across nodes. */
export function createRequestId(now = new Date()): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const nanos = Number(process.hrtime.bigint() % 1_000_000_000n);
  return `${stamp}${nanos}${randomAlphanumeric(8)}`;
}
