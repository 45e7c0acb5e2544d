import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailCodeStore, type EmailCodeStore } from '../../src/accounts/email-code-store.js';
import {
  SMTP_ACCOUNT,
  SMTP_PASSWORD,
  startSmtpPeer,
  waitFor,
  type SmtpPeer,
} from '../support/notification-peers.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds, type TestDatabaseKind } from '../support/test-databases.js';

const PASSWORD = 'password123';
const SERVER_ADDRESS = 'https://gateway.example.com';
const CODE_WRONG = { success: false, message: '验证码错误或已过期' };
const LINK_INVALID = { success: false, message: '重置链接非法或已过期' };

interface Variant {
  name: string;
  kind: TestDatabaseKind;
  /** Codes in Redis rather than in the database. */
  redis: boolean;
}

const variants: Variant[] = appDatabaseKinds().map((kind) => ({
  name: `${kind}, codes in the database`,
  kind,
  redis: false,
}));
if (process.env.TEST_REDIS_URL) {
  variants.push({ name: 'sqlite, codes in Redis', kind: 'sqlite', redis: true });
}

/**
 * Accounts by email against a real SMTP server (reference §8.1–§8.3, §8.8): codes mailed by
 * `/api/verification` register and bind addresses once; reset links mailed by
 * `/api/reset_password` set a new password once, for their own address only, and the answer never
 * tells whether an address is registered. Codes live in Redis or in the database.
 */
describe.each(variants)('accounts by email ($name)', (variant) => {
  let harness: TestApp;
  let smtp: SmtpPeer;
  let root: Session;
  /** A per-run prefix, so runs sharing a Redis database never meet. */
  const run = `r${Date.now().toString(36)}${randomInt(1000)}`;
  const address = (name: string) => `${name}.${run}@example.com`.toLowerCase();
  // Each request from its own client address (behind the trusted proxy): the critical limit of
  // 20 calls per address is its own test below.
  const ipBase = `10.${randomInt(256)}.${randomInt(256)}`;
  let ipSequence = 0;
  const nextIp = () => `${ipBase}.${(ipSequence = (ipSequence % 250) + 1)}`;

  function request(
    method: 'GET' | 'POST',
    url: string,
    options: { payload?: object; session?: Session; ip?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return harness.app.inject({
      method,
      url,
      headers: {
        'x-forwarded-for': options.ip ?? nextIp(),
        ...(options.session
          ? { cookie: options.session.cookie, 'new-api-user': String(options.session.userId) }
          : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  }
  const body = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;
  const setOption = async (key: string, value: string) => {
    const saved = await harness.call(root, 'PUT', '/api/option/', { key, value });
    expect(saved.json()).toMatchObject({ success: true });
  };
  const mailsTo = (email: string) => smtp.delivered.filter((mail) => mail.to.includes(email));

  /** Asks for a code for `email` and reads it from the mail the SMTP server received. */
  async function mailedCode(email: string): Promise<string> {
    const before = mailsTo(email).length;
    const response = await request('GET', `/api/verification?email=${encodeURIComponent(email)}`);
    expect(body(response)).toEqual({ success: true, message: '' });
    await waitFor(() => mailsTo(email).length > before);
    const mail = mailsTo(email).at(-1)!.mail;
    expect(mail.subject).toBe('Tollgate邮箱验证邮件');
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(String(mail.html))?.[1];
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    return code!;
  }

  /** Asks for a reset link for `email` and reads its token from the mail. */
  async function mailedResetToken(email: string): Promise<string> {
    const before = mailsTo(email).length;
    const response = await request('GET', `/api/reset_password?email=${encodeURIComponent(email)}`);
    expect(body(response)).toEqual({ success: true, message: '' });
    await waitFor(() => mailsTo(email).length > before);
    const mail = mailsTo(email).at(-1)!.mail;
    expect(mail.subject).toBe('Tollgate密码重置');
    const link = /https:\/\/gateway\.example\.com\/user\/reset\?[^"<\s]+/.exec(String(mail.html));
    expect(link).not.toBeNull();
    const url = new URL(link![0].replace(/&amp;/g, '&'));
    expect(url.searchParams.get('email')).toBe(email);
    return url.searchParams.get('token')!;
  }

  function register(username: string, email?: string, code?: string) {
    return request('POST', '/api/user/register', {
      payload: {
        username,
        password: PASSWORD,
        password2: PASSWORD,
        email,
        verification_code: code,
      },
    });
  }

  async function userRow(username: string) {
    return harness.runtime.context.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    harness = await createTestApp(variant.kind, {
      TRUSTED_PROXIES: '127.0.0.1',
      ...(variant.redis ? { REDIS_CONN_STRING: process.env.TEST_REDIS_URL! } : {}),
    });
    root = await harness.setupRoot();
    for (const [key, value] of Object.entries({
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: SMTP_ACCOUNT,
      SMTPToken: SMTP_PASSWORD,
      SMTPFrom: 'noreply@example.com',
      ServerAddress: SERVER_ADDRESS,
      EmailVerificationEnabled: 'true',
    })) {
      await setOption(key, value);
    }
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('keeps codes where every node sees them: Redis when configured, else the database', async () => {
    const email = address('storage');
    await mailedCode(email);
    const { db } = harness.runtime.context.database;
    const rows = await db.selectFrom('email_codes').selectAll().execute();
    if (variant.redis) {
      expect(rows).toEqual([]);
      const keys = await harness.runtime.context.redis!.keys('tollgate:email-code:verification:*');
      expect(keys.length).toBeGreaterThan(0);
    } else {
      // A keyed hash only: neither the code nor the address is stored.
      expect(rows.length).toBe(1);
      expect(JSON.stringify(rows)).not.toContain(email);
      expect(rows[0]).toMatchObject({ purpose: 'verification', attempts: 0 });
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('registers with a mailed code once; a wrong or reused code is refused', async () => {
    const email = address('alice');
    expect(body(await register(`al${run}`.slice(0, 12)))).toEqual({
      success: false,
      message: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    });
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const username = `a${run}`.slice(0, 12);
    expect(body(await register(username, email, wrong))).toEqual(CODE_WRONG);
    // Typed in capitals and with blanks around it, the code still counts.
    expect(body(await register(username, ` ${email} `, ` ${code.toUpperCase()} `))).toEqual({
      success: true,
      message: '',
    });
    expect((await userRow(username)).email).toBe(email);
    // Signing in with the address works as with the name.
    await harness.login(email, PASSWORD);

    // The code is spent: used again (for another name) it is refused.
    expect(body(await register(`b${run}`.slice(0, 12), email, code))).toMatchObject({
      success: false,
    });
    // The address is now taken: no new code is sent for it.
    expect(
      body(await request('GET', `/api/verification?email=${encodeURIComponent(email)}`)),
    ).toEqual({ success: false, message: '邮箱地址已被占用' });
  });

  it('drops a code after five wrong guesses', async () => {
    const email = address('guessed');
    const code = await mailedCode(email);
    const username = `g${run}`.slice(0, 12);
    for (let guess = 0; guess < 5; guess += 1) {
      const wrong = String(100000 + guess);
      expect(body(await register(username, email, wrong === code ? '999999' : wrong))).toEqual(
        CODE_WRONG,
      );
    }
    expect(body(await register(username, email, code))).toEqual(CODE_WRONG);
  });

  it('applies the domain whitelist and the alias restriction before mailing', async () => {
    const before = smtp.delivered.length;
    await setOption('EmailDomainWhitelist', 'example.com,example.org');
    await setOption('EmailDomainRestrictionEnabled', 'true');
    expect(body(await request('GET', `/api/verification?email=x.${run}@other.net`))).toEqual({
      success: false,
      message:
        "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.",
    });
    await setOption('EmailAliasRestrictionEnabled', 'true');
    for (const alias of [`x+${run}@example.com`, `x.${run}@example.com`]) {
      expect(
        body(await request('GET', `/api/verification?email=${encodeURIComponent(alias)}`)),
      ).toEqual({
        success: false,
        message: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。',
      });
    }
    // A whitelisted address without alias symbols is mailed.
    await mailedCode(`plain${run}@example.org`);
    expect(body(await request('GET', '/api/verification?email=not-an-address'))).toEqual({
      success: false,
      message: '无效的参数',
    });
    await setOption('EmailAliasRestrictionEnabled', 'false');
    await setOption('EmailDomainRestrictionEnabled', 'false');
    expect(smtp.delivered.length).toBe(before + 1);
  });

  it('resets a password through the mailed link once, for its own address only', async () => {
    const aliceEmail = address('alice');
    const carolEmail = address('carol');
    const carol = `c${run}`.slice(0, 12);
    expect(body(await register(carol, carolEmail, await mailedCode(carolEmail)))).toMatchObject({
      success: true,
    });
    const aliceSession = await harness.login(aliceEmail, PASSWORD);

    const token = await mailedResetToken(aliceEmail);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // Alice's token does not reset Carol's password.
    expect(
      body(await request('POST', '/api/user/reset', { payload: { email: carolEmail, token } })),
    ).toEqual(LINK_INVALID);

    const reset = await request('POST', '/api/user/reset', {
      payload: { email: aliceEmail, token },
    });
    const answer = body(reset);
    expect(answer).toMatchObject({ success: true, message: '' });
    expect(answer.data).toMatch(/^[0-9a-f]{12}$/);
    const newPassword = answer.data as string;

    // The link works once; the old password and the old sessions are gone.
    expect(
      body(await request('POST', '/api/user/reset', { payload: { email: aliceEmail, token } })),
    ).toEqual(LINK_INVALID);
    await expect(harness.login(aliceEmail, PASSWORD)).rejects.toThrow();
    expect((await harness.call(aliceSession, 'GET', '/api/user/self')).statusCode).toBe(401);
    await harness.login(aliceEmail, newPassword);
    // Carol's password is untouched.
    await harness.login(carol, PASSWORD);

    // A reset token is no registration code, and the other way round.
    const code = await mailedCode(address('dora'));
    expect(
      body(
        await request('POST', '/api/user/reset', {
          payload: { email: address('dora'), token: code },
        }),
      ),
    ).toEqual(LINK_INVALID);
  });

  it('answers a reset request for an unknown address exactly as for a registered one', async () => {
    const known = await request(
      'GET',
      `/api/reset_password?email=${encodeURIComponent(address('carol'))}`,
    );
    const unknownEmail = address('nobody');
    const unknown = await request(
      'GET',
      `/api/reset_password?email=${encodeURIComponent(unknownEmail)}`,
    );
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(body(unknown)).toEqual({ success: true, message: '' });
    await waitFor(() =>
      mailsTo(address('carol')).some((mail) => mail.mail.subject?.includes('密码重置')),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(unknownEmail)).toEqual([]);
    // No token exists for it either.
    expect(
      body(
        await request('POST', '/api/user/reset', {
          payload: { email: unknownEmail, token: '0'.repeat(32) },
        }),
      ),
    ).toEqual(LINK_INVALID);
  });

  it('binds a mailed address to the signed-in account, once, and never one another account uses', async () => {
    const carolSession = await harness.login(`c${run}`.slice(0, 12), PASSWORD);
    const newEmail = address('carol-new');
    const code = await mailedCode(newEmail);
    const bindUrl = (email: string, value: string) =>
      `/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${value}`;

    // Signed out: refused as every user route is.
    expect((await request('GET', bindUrl(newEmail, code))).statusCode).toBe(401);
    expect(body(await request('GET', bindUrl(newEmail, ''), { session: carolSession }))).toEqual({
      success: false,
      message: '无效的参数',
    });
    expect(body(await request('GET', bindUrl(newEmail, code), { session: carolSession }))).toEqual({
      success: true,
      message: '',
    });
    expect((await userRow(`c${run}`.slice(0, 12))).email).toBe(newEmail);
    // The code is spent.
    expect(body(await request('GET', bindUrl(newEmail, code), { session: carolSession }))).toEqual(
      CODE_WRONG,
    );

    // An address that another account took after the code was sent is refused.
    const contested = address('contested');
    const contestedCode = await mailedCode(contested);
    await harness.runtime.context.database.db
      .updateTable('users')
      .set({ email: contested })
      .where('username', '=', 'root')
      .execute();
    expect(
      body(await request('GET', bindUrl(contested, contestedCode), { session: carolSession })),
    ).toEqual({ success: false, message: '邮箱地址已被占用' });
  });

  it('takes a code exactly once when checked at the same moment', async () => {
    const context = harness.runtime.context;
    const store: EmailCodeStore = createEmailCodeStore(
      context.config.sessionSecret,
      context.database,
      context.redis,
    );
    const email = address('race');
    await store.put('verification', email, 'abc123', 60);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.take('verification', email, 'abc123')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // Expired codes are refused.
    await store.put('reset', email, 'feedbeef', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await store.take('reset', email, 'feedbeef')).toBe(false);
  });

  it('keeps mail routes behind Turnstile and the critical rate limit', async () => {
    await setOption('TurnstileSiteKey', 'site-key');
    await setOption('TurnstileSecretKey', 'secret-key');
    await setOption('TurnstileCheckEnabled', 'true');
    for (const url of [
      `/api/verification?email=t${run}@example.com`,
      `/api/reset_password?email=t${run}@example.com`,
    ]) {
      expect(body(await request('GET', url))).toEqual({
        success: false,
        message: 'Turnstile token 为空',
      });
    }
    await setOption('TurnstileCheckEnabled', 'false');

    const ip = `${ipBase}.251`;
    const statuses: number[] = [];
    for (let call = 0; call < 21; call += 1) {
      const response = await request('POST', '/api/user/reset', {
        payload: { email: address('limited'), token: 'x' },
        ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('says so when no SMTP server is set, alike for every address', async () => {
    await setOption('SMTPServer', '');
    const refused = { success: false, message: 'SMTP 服务器未配置' };
    expect(body(await request('GET', `/api/verification?email=${address('late')}`))).toEqual(
      refused,
    );
    for (const email of [address('alice'), address('nobody')]) {
      expect(body(await request('GET', `/api/reset_password?email=${email}`))).toEqual(refused);
    }
    await setOption('SMTPServer', '127.0.0.1');
  });
});
