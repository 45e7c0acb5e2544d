import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  markSecureVerified,
  SECURE_VERIFICATION_SECONDS,
  verificationProblem,
} from './secure-verification.js';
import { decodeSession, type SessionData } from './session-cookie.js';

const NOW = 1_800_000_000_000;
const nowSeconds = NOW / 1000;
const session: SessionData = {
  id: 1,
  username: 'root',
  role: 100,
  status: 1,
  group: 'default',
  exp: nowSeconds + 3600,
};

describe('secure verification', () => {
  it('holds for exactly SECURE_VERIFICATION_SECONDS', () => {
    const at = (sv: number) => verificationProblem({ ...session, sv, svm: '2fa' }, NOW);
    expect(SECURE_VERIFICATION_SECONDS).toBe(300);
    expect(at(nowSeconds)).toBeUndefined();
    expect(at(nowSeconds - 300)).toBeUndefined();
    expect(at(nowSeconds - 301)).toBe('VERIFICATION_EXPIRED');
  });

  it('tells a missing verification from a malformed one', () => {
    expect(verificationProblem(undefined, NOW)).toBe('VERIFICATION_REQUIRED');
    expect(verificationProblem(session, NOW)).toBe('VERIFICATION_REQUIRED');
    expect(verificationProblem({ ...session, sv: nowSeconds }, NOW)).toBe('VERIFICATION_INVALID');
    expect(verificationProblem({ ...session, svm: '2fa' }, NOW)).toBe('VERIFICATION_INVALID');
    expect(verificationProblem({ ...session, sv: nowSeconds + 3600, svm: '2fa' }, NOW)).toBe(
      'VERIFICATION_INVALID',
    );
  });

  it('re-issues the session with the proof and the same expiry', () => {
    const cookies: Array<{ value: string; maxAge?: number }> = [];
    const reply = {
      setCookie: (_name: string, value: string, options: { maxAge?: number }) => {
        cookies.push({ value, maxAge: options.maxAge });
        return reply;
      },
    } as unknown as FastifyReply;
    const expiresAt = markSecureVerified(reply, session, 'password', 'secret', NOW);
    expect(expiresAt).toBe(nowSeconds + 300);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]!.maxAge).toBe(3600);
    const reissued = decodeSession(cookies[0]!.value, 'secret', NOW);
    expect(reissued).toEqual({ ...session, sv: nowSeconds, svm: 'password' });
  });
});
