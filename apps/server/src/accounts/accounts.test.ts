import bcrypt from 'bcryptjs';
import { describe, expect, it, vi } from 'vitest';
import { canManage } from '../users/user-rules.js';
import { hashPassword, passwordProblem, verifyPassword, verifyPasswordOf } from './passwords.js';
import { decodeSession, encodeSession } from './session-cookie.js';

describe('password rules', () => {
  it('accepts 8 to 20 characters', () => {
    expect(passwordProblem('1234567')).toMatch(/不能小于 8/);
    expect(passwordProblem('12345678')).toBeUndefined();
    expect(passwordProblem('a'.repeat(20))).toBeUndefined();
    expect(passwordProblem('a'.repeat(21))).toMatch(/不能大于 20/);
    expect(passwordProblem('密码密码密码密码')).toBeUndefined();
  });

  it('verifies bcrypt hashes, including Go-style $2a$ ones, and rejects malformed hashes', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('correct horse', hash.replace(/^\$2b\$/, '$2a$'))).toBe(true);
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });
});

describe('role rules', () => {
  it('lets a caller act only on strictly lower roles, root on anyone', () => {
    expect(canManage(10, 1)).toBe(true);
    expect(canManage(10, 10)).toBe(false);
    expect(canManage(10, 100)).toBe(false);
    expect(canManage(1, 1)).toBe(false);
    expect(canManage(100, 100)).toBe(true);
  });
});

describe('session cookie', () => {
  const identity = { id: 7, username: 'ann', role: 1, status: 1, group: 'default' };

  it('round-trips with the same secret and expires after 30 days', () => {
    const now = Date.now();
    const cookie = encodeSession(identity, 'secret', now);
    expect(decodeSession(cookie, 'secret', now)).toMatchObject(identity);
    expect(decodeSession(cookie, 'other secret', now)).toBeUndefined();
    expect(decodeSession(cookie, 'secret', now + 31 * 86_400_000)).toBeUndefined();
  });

  it('rejects tampering and garbage', () => {
    const cookie = encodeSession(identity, 'secret');
    const [payload, signature] = cookie.split('.');
    const forged = Buffer.from(JSON.stringify({ ...identity, role: 100, exp: 9e9 })).toString(
      'base64url',
    );
    expect(decodeSession(`${forged}.${signature}`, 'secret')).toBeUndefined();
    expect(decodeSession(`${payload}.`, 'secret')).toBeUndefined();
    expect(decodeSession('not-a-cookie', 'secret')).toBeUndefined();
    expect(decodeSession(undefined, 'secret')).toBeUndefined();
  });
});

describe('sign-in timing', () => {
  it('compares against a hash of the same cost when there is no account', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      expect(await verifyPasswordOf('whatever1', undefined)).toBe(false);
      expect(await verifyPasswordOf('whatever1', '')).toBe(false);
      expect(compare).toHaveBeenCalledTimes(2);
      const [, dummy] = compare.mock.calls[0];
      expect(String(dummy)).toMatch(/^\$2[aby]\$10\$/);
    } finally {
      compare.mockRestore();
    }
  });

  it('takes about as long for an unknown account as for a wrong password', async () => {
    const hash = await hashPassword('correct horse');
    const timed = async (stored: string | undefined) => {
      const started = performance.now();
      await verifyPasswordOf('wrong horse', stored);
      return performance.now() - started;
    };
    await timed(undefined);
    // Alternated, so a machine that slows down or speeds up mid-test weighs on both sides alike.
    let known = 0;
    let unknown = 0;
    for (let index = 0; index < 4; index += 1) {
      known += await timed(hash);
      unknown += await timed(undefined);
    }
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });
});
