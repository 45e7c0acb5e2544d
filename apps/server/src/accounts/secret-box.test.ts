import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('seals so the stored value does not show the secret, and opens it again', () => {
    const box = createSecretBox('crypto-secret');
    const sealed = box.seal(secret);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(createSecretBox('crypto-secret').open(sealed)).toBe(secret);
  });

  it('cannot open with another key, nor a tampered value', () => {
    const sealed = createSecretBox('crypto-secret').seal(secret);
    expect(createSecretBox('other-secret').open(sealed)).toBeUndefined();
    expect(createSecretBox(undefined).open(sealed)).toBeUndefined();
    const [prefix, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    const tampered = [prefix, iv, tag, flipped.toString('base64url')].join('.');
    expect(createSecretBox('crypto-secret').open(tampered)).toBeUndefined();
    expect(createSecretBox('crypto-secret').open('v1.garbage')).toBeUndefined();
  });

  it('without a key stores as is, and plain values stay readable once a key is set', () => {
    expect(createSecretBox(undefined).seal(secret)).toBe(secret);
    expect(createSecretBox(undefined).open(secret)).toBe(secret);
    expect(createSecretBox('crypto-secret').open(secret)).toBe(secret);
  });
});
