import { createHmac, timingSafeEqual } from 'node:crypto';

/** Length of a link's signature: 192 bits in base64url, far beyond guessing. */
const SIGNATURE_LENGTH = 32;

/**
 * The signature that makes a task's image link unguessable. Midjourney task ids are upstream
 * numbers (often a timestamp and a counter), and the image proxy needs no credential, so the id
 * alone would let anyone walk through every user's images; the link carries an HMAC of the id
 * under the session secret instead, which every node sharing SESSION_SECRET can check.
 */
export function imageLinkSignature(mjId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`midjourney-image:${mjId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/** True when `signature` is the one `imageLinkSignature` gives for this id (constant time). */
export function isImageLinkSignature(
  mjId: string,
  signature: string | null | undefined,
  secret: string,
): boolean {
  if (!signature || signature.length !== SIGNATURE_LENGTH) return false;
  const expected = Buffer.from(imageLinkSignature(mjId, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
