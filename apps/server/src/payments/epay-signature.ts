import { createHash, timingSafeEqual } from 'node:crypto';

/** Parameters of an Epay request or notification, by name. */
export type EpayParams = Readonly<Record<string, string>>;

/**
 * The Epay MD5 signature of `params`: every parameter except `sign` and `sign_type` whose value is
 * not empty, sorted by name, joined as `k1=v1&k2=v2…` with raw (unencoded) values, the merchant key
 * appended, MD5 in lowercase hex. Providers sign notifications the same way.
 */
export function signEpayParams(params: EpayParams, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/**
 * Whether `params.sign` is the signature of `params` under `key`. The comparison takes the same
 * time whatever prefix matches, so the signature cannot be guessed byte by byte.
 */
export function hasValidEpaySignature(params: EpayParams, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(signEpayParams(params, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
