import { randomFillSync } from 'node:crypto';

/** Header carrying the request id, named as in new-api so existing tooling keeps working. */
export const REQUEST_ID_HEADER = 'x-oneapi-request-id';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Bytes at or above this are skipped so every character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 248;

const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

function randomByte(): number {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  return randomPool[randomOffset++];
}

let stampSecond = -1;
let stampText = '';

/** `yyyyMMddHHmmss` in local time, formatted once per second. */
function stampOf(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== stampSecond) {
    const date = new Date(now);
    const pad = (value: number) => String(value).padStart(2, '0');
    stampText =
      `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}` +
      `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
    stampSecond = second;
  }
  return stampText;
}

/**
 * `yyyyMMddHHmmss` + nanosecond remainder + 8 random characters, unique across nodes. Made on
 * every relay call, so the random part comes from a pooled buffer rather than one RNG call per
 * character.
 */
export function createRequestId(now = Date.now()): string {
  let suffix = '';
  while (suffix.length < 8) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) suffix += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  }
  return `${stampOf(now)}${process.hrtime()[1]}${suffix}`;
}
