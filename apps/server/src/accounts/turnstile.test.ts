import { describe, expect, it } from 'vitest';
import {
  hasTurnstilePass,
  issueTurnstilePass,
  TURNSTILE_PASS_LIFETIME_SECONDS,
} from './turnstile.js';
import { signPayload } from './signed-payload.js';

describe('turnstile pass', () => {
  const now = 1_800_000_000_000;

  it('is good for the address it was earned from, within its lifetime', () => {
    const pass = issueTurnstilePass('203.0.113.7', 'secret', now);
    expect(hasTurnstilePass(pass, '203.0.113.7', 'secret', now)).toBe(true);
    expect(hasTurnstilePass(pass, '203.0.113.8', 'secret', now)).toBe(false);
    const later = now + TURNSTILE_PASS_LIFETIME_SECONDS * 1000 + 1;
    expect(hasTurnstilePass(pass, '203.0.113.7', 'secret', later)).toBe(false);
  });

  it('refuses forged, foreign and missing cookies', () => {
    const pass = issueTurnstilePass('203.0.113.7', 'secret', now);
    expect(hasTurnstilePass(pass, '203.0.113.7', 'other secret', now)).toBe(false);
    expect(hasTurnstilePass(undefined, '203.0.113.7', 'secret', now)).toBe(false);
    // Another signed payload (a pending sign-in, say) is not a pass.
    const other = signPayload(
      { purpose: 'login_2fa', ip: '203.0.113.7', exp: now / 1000 + 60 },
      'secret',
    );
    expect(hasTurnstilePass(other, '203.0.113.7', 'secret', now)).toBe(false);
  });
});
