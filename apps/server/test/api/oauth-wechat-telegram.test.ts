import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWeChatServer } from '../support/fake-oauth-providers.js';
import {
  createPasswordUser,
  manageUser,
  setOptions,
  userById,
  userCount,
  usersWithIdentity,
} from '../support/oauth-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const WECHAT_TOKEN = 'wechat-server-token';
const BOT_TOKEN = '123456:telegram-bot-token';

/** The query a Telegram login widget hands over, signed as Telegram signs it. */
function telegramQuery(
  fields: Record<string, string>,
  options: { botToken?: string; tamper?: Record<string, string> } = {},
): string {
  const dataCheck = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  const secret = createHash('sha256')
    .update(options.botToken ?? BOT_TOKEN)
    .digest();
  const hash = createHmac('sha256', secret).update(dataCheck).digest('hex');
  return new URLSearchParams({ ...fields, ...options.tamper, hash }).toString();
}

function widgetFields(id: string, authDate = Math.floor(Date.now() / 1000)) {
  return {
    id,
    first_name: 'Pavel',
    username: 'durov',
    photo_url: 'https://t.me/i/userpic/320/durov.jpg',
    auth_date: String(authDate),
  };
}

describe('WeChat and Telegram sign-in and binding', () => {
  let harness: TestApp;
  let root: Session;
  let wechat: FakeWeChatServer;

  beforeAll(async () => {
    wechat = await FakeWeChatServer.start(WECHAT_TOKEN);
    // The WeChat server is on loopback: the operator allows it explicitly.
    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      WeChatServerAddress: wechat.baseUrl,
      WeChatServerToken: WECHAT_TOKEN,
      WeChatAuthEnabled: true,
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'tollgate_bot',
      TelegramOAuthEnabled: true,
    });
  });
  afterAll(async () => {
    await harness?.close();
    await wechat?.close();
  });

  describe('WeChat', () => {
    it('signs a new WeChat user up with a verification code, then in again', async () => {
      const before = await userCount(harness);
      const browser = new TestBrowser(harness.app);
      const response = await browser.get(`/api/oauth/wechat?code=${wechat.issueCode('wx-alice')}`);
      expect(response.json()).toMatchObject({
        success: true,
        data: { username: `wechat_${before + 1}`, display_name: 'WeChat User', role: 1 },
      });
      expect(wechat.requests.at(-1)!.headers.authorization).toBe(WECHAT_TOKEN);
      browser.adopt(response);
      expect((await browser.get('/api/user/self')).json().data.wechat_id).toBe('wx-alice');

      const again = await new TestBrowser(harness.app).get(
        `/api/oauth/wechat?code=${wechat.issueCode('wx-alice')}`,
      );
      expect(again.json().data.id).toBe(response.json().data.id);
    });

    it("refuses a wrong or used code, and passes on the WeChat server's refusal", async () => {
      const browser = new TestBrowser(harness.app);
      const code = wechat.issueCode('wx-bob');
      expect((await browser.get(`/api/oauth/wechat?code=${code}`)).json().success).toBe(true);
      expect((await browser.get(`/api/oauth/wechat?code=${code}`)).json()).toEqual({
        success: false,
        message: '验证码错误或已过期',
      });
      expect((await browser.get('/api/oauth/wechat?code=')).json()).toEqual({
        success: false,
        message: '无效的参数',
      });
      await setOptions(harness, root, { WeChatServerToken: 'not-the-token' });
      const refused = await browser.get(`/api/oauth/wechat?code=${wechat.issueCode('wx-x')}`);
      expect(refused.json()).toEqual({ success: false, message: '无权进行此操作，token 无效' });
      await setOptions(harness, root, { WeChatServerToken: WECHAT_TOKEN });
    });

    it('binds to the signed-in user, refuses an account bound elsewhere, needs a session', async () => {
      await createPasswordUser(harness, root, 'wxuser', 'password-wx');
      const browser = new TestBrowser(harness.app);
      const id = await browser.login('wxuser', 'password-wx');
      const bound = await browser.get(
        `/api/oauth/wechat/bind?code=${wechat.issueCode('wx-carol')}`,
      );
      expect(bound.json()).toEqual({ success: true, message: '' });
      expect((await userById(harness, id)).wechat_id).toBe('wx-carol');

      const taken = await browser.get(
        `/api/oauth/wechat/bind?code=${wechat.issueCode('wx-alice')}`,
      );
      expect(taken.json()).toEqual({ success: false, message: '该微信账号已被绑定' });

      const visitor = new TestBrowser(harness.app);
      const anonymous = await visitor.get(
        `/api/oauth/wechat/bind?code=${wechat.issueCode('wx-d')}`,
      );
      expect(anonymous.statusCode).toBe(401);
      expect(await usersWithIdentity(harness, 'wechat_id', 'wx-d')).toEqual([]);
    });

    it('refuses while WeChat is off or registration is closed', async () => {
      await setOptions(harness, root, { RegisterEnabled: false });
      const before = await userCount(harness);
      const closed = await new TestBrowser(harness.app).get(
        `/api/oauth/wechat?code=${wechat.issueCode('wx-new')}`,
      );
      expect(closed.json()).toEqual({ success: false, message: '管理员关闭了新用户注册' });
      expect(await userCount(harness)).toBe(before);
      await setOptions(harness, root, { RegisterEnabled: true, WeChatAuthEnabled: false });
      const off = await new TestBrowser(harness.app).get(
        `/api/oauth/wechat?code=${wechat.issueCode('wx-alice')}`,
      );
      expect(off.json()).toEqual({ success: false, message: '管理员未开启通过微信登录以及注册' });
      await setOptions(harness, root, { WeChatAuthEnabled: true });
    });

    it('refuses a WeChat server at an internal address, when saved and when used', async () => {
      // A server that would sign anyone in, on a loopback address the operator did not allow.
      const inward = createServer((_request, response) => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, message: '', data: 'wx-intruder' }));
      });
      const reached: string[] = [];
      inward.on('request', (request: IncomingMessage) => reached.push(request.url ?? ''));
      await new Promise<void>((resolve) => inward.listen(0, '127.0.0.2', resolve));
      const address = `http://127.0.0.2:${(inward.address() as AddressInfo).port}`;
      try {
        const saved = await harness.call(root, 'PUT', '/api/option/', {
          key: 'WeChatServerAddress',
          value: address,
        });
        expect(saved.json()).toEqual({
          success: false,
          message: 'WeChatServerAddress 不能指向内部地址：127.0.0.2 is a loopback address',
        });
        // A stored address (written before, or by another program) is refused when used.
        const { db } = harness.runtime.context.database;
        await db
          .updateTable('options')
          .set({ value: address })
          .where('key', '=', 'WeChatServerAddress')
          .execute();
        await harness.runtime.context.options.load();
        expect(harness.runtime.context.options.get('WeChatServerAddress')).toBe(address);
        const refused = await new TestBrowser(harness.app).get('/api/oauth/wechat?code=123456');
        expect(refused.json()).toEqual({
          success: false,
          message: '无法连接至微信服务器，请稍后重试！',
        });
        expect(reached).toEqual([]);
        expect(await usersWithIdentity(harness, 'wechat_id', 'wx-intruder')).toEqual([]);
      } finally {
        await setOptions(harness, root, { WeChatServerAddress: wechat.baseUrl });
        await new Promise((resolve) => inward.close(resolve));
      }
    });
  });

  describe('Telegram', () => {
    let ownerId: number;
    let owner: TestBrowser;

    beforeAll(async () => {
      await createPasswordUser(harness, root, 'tguser', 'password-tg');
      owner = new TestBrowser(harness.app);
      ownerId = await owner.login('tguser', 'password-tg');
    });

    it('signs in nobody with an unbound Telegram account (it never registers)', async () => {
      const before = await userCount(harness);
      const response = await new TestBrowser(harness.app).get(
        `/api/oauth/telegram/login?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(response.json()).toEqual({ success: false, message: '该 Telegram 账户未绑定' });
      expect(await userCount(harness)).toBe(before);
    });

    it('binds from the widget redirect (302 to /setting) and from the console (envelope)', async () => {
      // The widget's data-auth-url navigation: no New-Api-User header.
      const userId = owner.userId;
      owner.userId = undefined;
      const redirected = await owner.get(
        `/api/oauth/telegram/bind?${telegramQuery(widgetFields('1001'))}`,
      );
      owner.userId = userId;
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe('/setting');
      expect((await userById(harness, ownerId)).telegram_id).toBe('1001');

      // Again from the console: the same id is already this account's.
      const again = await owner.get(
        `/api/oauth/telegram/bind?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(again.json()).toEqual({ success: true, message: '' });
    });

    it('signs the bound account in', async () => {
      const browser = new TestBrowser(harness.app);
      const response = await browser.get(
        `/api/oauth/telegram/login?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(response.json()).toMatchObject({ success: true, data: { id: ownerId } });
      browser.adopt(response);
      expect((await browser.get('/api/user/self')).json().data.username).toBe('tguser');
    });

    it('refuses tampered fields, another bot, a stale or future auth_date, and extra fields', async () => {
      const refused = { success: false, message: '无效的请求' };
      const browser = new TestBrowser(harness.app);
      const login = (query: string) => browser.get(`/api/oauth/telegram/login?${query}`);
      const fields = widgetFields('1001');
      expect((await login(telegramQuery(fields, { tamper: { id: '1002' } }))).json()).toEqual(
        refused,
      );
      expect(
        (await login(telegramQuery(fields, { tamper: { first_name: 'Mallory' } }))).json(),
      ).toEqual(refused);
      expect((await login(telegramQuery(fields, { botToken: '999:other-bot' }))).json()).toEqual(
        refused,
      );
      const now = Math.floor(Date.now() / 1000);
      expect((await login(telegramQuery(widgetFields('1001', now - 86_400 - 5)))).json()).toEqual(
        refused,
      );
      expect((await login(telegramQuery(widgetFields('1001', now + 3600)))).json()).toEqual(
        refused,
      );
      // A field added after signing breaks the signature; one that was signed is fine.
      expect((await login(`${telegramQuery(fields)}&lang=en`)).json()).toEqual(refused);
      expect((await login(telegramQuery({ ...fields, lang: 'en' }))).json().success).toBe(true);
      // Without a hash, or with a malformed one.
      expect((await login(new URLSearchParams(fields).toString())).json()).toEqual(refused);
      expect((await login(`${new URLSearchParams(fields)}&hash=zz`)).json()).toEqual(refused);
    });

    it('refuses binding an id bound elsewhere, binding without a session, and disabled accounts', async () => {
      await createPasswordUser(harness, root, 'tgother', 'password-tg2');
      const other = new TestBrowser(harness.app);
      const otherId = await other.login('tgother', 'password-tg2');
      const taken = await other.get(
        `/api/oauth/telegram/bind?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(taken.json()).toEqual({ success: false, message: '该 Telegram 账户已被绑定' });
      expect((await userById(harness, otherId)).telegram_id).toBe('');

      const anonymous = await new TestBrowser(harness.app).get(
        `/api/oauth/telegram/bind?${telegramQuery(widgetFields('2002'))}`,
      );
      expect(anonymous.statusCode).toBe(401);

      await manageUser(harness, root, ownerId, 'disable');
      const banned = await new TestBrowser(harness.app).get(
        `/api/oauth/telegram/login?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(banned.json()).toEqual({ success: false, message: '用户已被封禁' });
      await manageUser(harness, root, ownerId, 'enable');

      await setOptions(harness, root, { TelegramOAuthEnabled: false });
      const off = await new TestBrowser(harness.app).get(
        `/api/oauth/telegram/login?${telegramQuery(widgetFields('1001'))}`,
      );
      expect(off.json()).toEqual({
        success: false,
        message: '管理员未开启通过 Telegram 登录以及注册',
      });
      await setOptions(harness, root, { TelegramOAuthEnabled: true });
    });
  });
});
