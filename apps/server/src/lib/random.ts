import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A string of `length` characters from [0-9a-zA-Z], drawn with a cryptographic RNG. */
export function randomAlphanumeric(length: number): string {
  let result = '';
  for (let index = 0; index < length; index += 1) {
    result += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  }
  return result;
}
