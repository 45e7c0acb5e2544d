import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { after, test } from 'node:test';
import { createMockUpstream, type MockUpstream } from '@tollgate/mock-upstream';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  openInConsole,
  saveScreenshot,
  variantName,
} from './support/console-page.js';
import { consoleText } from './support/console-text.js';
import { recordFailure } from './support/failure-record.js';
import { FakeEpay } from './support/fake-epay.js';
import { FakeStripeServer } from './support/fake-stripe-server.js';
import { payWithStripeCheckout, stripeAccount } from './journeys/stripe-checkout.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const root = { username: 'root', password: 'root-pass-2024' };
const buyer = { username: 'buyer', password: 'buyer-pass-2024' };
const epayAccount = { partnerId: '1001', key: 'epay-merchant-key' };
const webhookSecret = 'whsec-e2e-money';
const model = 'gpt-4o-mini';

/** Quota amounts of the run (500000 quota = $1, the default). */
const quotaPerUnit = 500_000;
const inviteeReward = 100_000;
/** At least one unit: smaller transfers are refused. */
const inviterReward = 600_000;
const codeQuota = 200_000;
/** Dollars topped up online. */
const topUpDollars = 2;
/** What one relayed call costs: a per-call price of $1. */
const callPrice = 1;
const warningThreshold = 1_000_000;

let browser: Browser | undefined;
let server: ServerProcess | undefined;
let upstream: MockUpstream | undefined;
let epay: FakeEpay | undefined;
let receiver: Server | undefined;

after(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.close();
  await epay?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** The console API as a signed-in browser context calls it (session cookie + user header). */
function consoleApi(request: APIRequestContext, baseUrl: string, userId: number) {
  const headers = { 'New-Api-User': String(userId) };
  const check = async (response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    const body = (await response.json()) as Envelope;
    assert.equal(body.success, true, `${what}: ${String(body.message)}`);
    return body.data;
  };
  return {
    get: async (pathname: string) =>
      check(await request.get(`${baseUrl}${pathname}`, { headers }), `GET ${pathname}`),
    post: async (pathname: string, data: unknown) =>
      check(await request.post(`${baseUrl}${pathname}`, { headers, data }), `POST ${pathname}`),
    put: async (pathname: string, data: unknown) =>
      check(await request.put(`${baseUrl}${pathname}`, { headers, data }), `PUT ${pathname}`),
  };
}
type ConsoleApi = ReturnType<typeof consoleApi>;

interface SelfUser {
  quota: number;
  aff_quota: number;
  aff_count: number;
}

/** `$x.yz` as the console shows quota when the site displays money. */
const dollars = (quota: number) => `$${(quota / quotaPerUnit).toFixed(2)}`;

/** Signs in through the login form; returns the user id the server answered with. */
async function logIn(page: Page, url: string, account: typeof root): Promise<number> {
  const main = page.getByRole('main');
  await page.goto(`${url}/login`);
  await main.getByLabel('Username / email').fill(account.username);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  const [login] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
    main.getByRole('button', { name: 'Log in' }).click(),
  ]);
  await page.waitForURL(`${url}/token`);
  const userId = Number(((await login.json()) as { data?: { id?: unknown } }).data?.id);
  assert.ok(userId > 0, 'login answered without a user id');
  return userId;
}

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint that records every webhook call and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; calls: ReceivedWebhook[] }> {
  const calls: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/quota-hook`, calls };
}

/** Polls until `read` gives a value `done` accepts, or 30 s pass. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Screenshot plus the check that nothing on the screen is an untranslated key. */
async function recordScreen(page: Page, name: string): Promise<void> {
  await assertNoRawTranslationKeys(page, name);
  await saveScreenshot(page, name);
}

async function self(api: ConsoleApi): Promise<SelfUser> {
  return (await api.get('/api/user/self')) as SelfUser;
}

test(
  'money in and out: codes, invites, Epay top-up, reward transfer and quota warnings',
  // Aimed at under 90 s on two idle cores; the limit leaves room for a busy machine.
  { timeout: 420_000 },
  async (t) => {
    const startedAt = Date.now();
    const hook = await startReceiver();
    receiver = hook.server;
    // Each peer is kept as soon as it is up, so that `after` stops it even when another fails.
    await Promise.all([
      launchBrowser().then((started) => (browser = started)),
      createMockUpstream().then((started) => (upstream = started)),
      FakeEpay.start(epayAccount, 2).then((started) => (epay = started)),
      startServer({
        NOTIFY_ALLOW_HTTP_WEBHOOK: 'true',
        // The webhook receiver is on loopback: allowed explicitly, as an operator would.
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
      }).then((started) => (server = started)),
    ]);
    assert.ok(browser && upstream && epay && server);
    const url = server.url;
    const setup = await fetch(`${url}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...root, confirmPassword: root.password }),
    });
    assert.equal(((await setup.json()) as Envelope).success, true, 'setup failed');

    const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
    const text = (key: string) => consoleText('en', key);
    const shot = (page: Page, screen: string) =>
      recordScreen(page, `money-${screen}-${variantName(english)}`);
    const contexts: BrowserContext[] = [];

    try {
      // ── Root: site settings, payment through the fake provider, redemption codes ──────────────
      const rootSession = await openConsoleContext(browser, english);
      contexts.push(rootSession.context);
      const rootPage = rootSession.page;
      const rootMain = rootPage.getByRole('main');
      const rootId = await logIn(rootPage, url, root);
      const rootApi = consoleApi(rootSession.context.request, url, rootId);

      // Invite rewards, a channel on the mock upstream and a per-call price (set up through the API:
      // the settings screens have their own browser test).
      await rootApi.put('/api/option/', { key: 'QuotaForInviter', value: String(inviterReward) });
      await rootApi.put('/api/option/', { key: 'QuotaForInvitee', value: String(inviteeReward) });
      const options = (await rootApi.get('/api/option/')) as { key: string; value: string }[];
      const prices = JSON.parse(
        options.find((entry) => entry.key === 'ModelPrice')?.value ?? '{}',
      ) as Record<string, number>;
      await rootApi.put('/api/option/', {
        key: 'ModelPrice',
        value: JSON.stringify({ ...prices, [model]: callPrice }),
      });
      await rootApi.post('/api/channel/', {
        mode: 'single',
        channel: {
          type: 1,
          name: 'mock',
          key: 'sk-mock',
          base_url: upstream.url,
          models: model,
          group: 'default',
        },
      });

      // Epay through the system settings: the server address (for the notify URL) first.
      const save = (section: string) =>
        rootMain.getByRole('button', {
          name: text('settings:actions.save').replace('{{section}}', text(section)),
        });
      const saved = () => rootPage.getByText(text('settings:messages.saved')).last().waitFor();
      await rootPage.goto(`${url}/setting?tab=system`);
      await rootMain
        .getByLabel(text('settings:system.general.serverAddress'), { exact: true })
        .fill(url);
      await save('settings:system.general.title').click();
      await saved();
      const field = (key: string) =>
        rootMain.getByLabel(text(`settings:system.payment.${key}`), { exact: true });
      await field('address').fill(epay.url);
      await field('epayId').fill(epayAccount.partnerId);
      await field('epayKey').fill(epayAccount.key);
      await field('price').fill('7.3');
      await field('minTopUp').fill('1');
      await field('methods').fill(
        JSON.stringify([
          { name: 'Alipay', type: 'alipay', color: 'blue' },
          { name: 'WeChat Pay', type: 'wxpay', color: 'green' },
        ]),
      );
      // One PUT per option, the methods last; the first "Saved" may still be on screen.
      await Promise.all([
        rootPage.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/option/' &&
            (response.request().postData() ?? '').includes('"PayMethods"'),
        ),
        save('settings:system.payment.title').click(),
      ]);
      const status = (await (await fetch(`${url}/api/status`)).json()) as {
        data: { enable_online_topup: boolean; pay_methods: { type: string }[] };
      };
      assert.equal(status.data.enable_online_topup, true);
      assert.deepEqual(
        status.data.pay_methods.map((method) => method.type),
        ['alipay', 'wxpay'],
      );

      // 1. Three codes made on /redemption, offered as "<name>.txt" with one code a line.
      const codeName = 'spring-gift';
      await openInConsole(rootPage, '/redemption');
      await rootMain
        .getByRole('button', { name: text('redemptions:add') })
        .first()
        .click();
      const drawer = rootPage
        .getByRole('dialog')
        .filter({ hasText: text('redemptions:form.createTitle') });
      await drawer.getByLabel(text('redemptions:form.name'), { exact: true }).fill(codeName);
      await drawer
        .getByLabel(text('redemptions:form.quota'), { exact: true })
        .fill(String(codeQuota));
      await drawer.getByLabel(text('redemptions:form.count'), { exact: true }).fill('3');
      await shot(rootPage, 'redemption-form');
      const [created] = await Promise.all([
        rootPage.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/redemption/' &&
            response.request().method() === 'POST',
        ),
        drawer.getByRole('button', { name: text('common:submit') }).click(),
      ]);
      const codes = ((await created.json()) as { data: string[] }).data;
      assert.equal(codes.length, 3);
      const createdDialog = rootPage
        .getByRole('dialog')
        .filter({ hasText: text('redemptions:created.title') });
      const shown = createdDialog.getByLabel(text('redemptions:created.keys'), { exact: true });
      assert.equal(await shown.inputValue(), codes.join('\n'));
      await shot(rootPage, 'redemption-created');
      const [download] = await Promise.all([
        rootPage.waitForEvent('download'),
        createdDialog.getByRole('button', { name: text('redemptions:created.download') }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${codeName}.txt`);
      const downloaded = readFileSync(await download.path(), 'utf8');
      assert.equal(downloaded, codes.map((code) => `${code}\n`).join(''));
      await createdDialog
        .locator('button')
        .filter({ hasText: text('redemptions:created.close') })
        .click();
      await createdDialog.waitFor({ state: 'hidden' });
      for (const code of codes) assert.match(code, /^[0-9a-f]{32}$/);
      assert.equal(
        await rootMain.getByRole('row').filter({ hasText: codeName }).count(),
        3,
        'the list shows the three new codes',
      );

      // The invite link, read off root's invite card.
      await openInConsole(rootPage, '/personal');
      const inviteInput = rootMain.getByLabel(text('personal:invite.link'), { exact: true });
      await eventually(
        () => inviteInput.inputValue(),
        (value) => value.includes('aff='),
      );
      const inviteLink = await inviteInput.inputValue();
      assert.match(inviteLink, /\/register\?aff=\w+$/);

      // ── The buyer: registered through the invite link ────────────────────────────────────────
      const buyerSession = await openConsoleContext(browser, english);
      contexts.push(buyerSession.context);
      const page = buyerSession.page;
      const main = page.getByRole('main');
      await page.goto(new URL(new URL(inviteLink).pathname + new URL(inviteLink).search, url).href);
      await main.getByLabel(text('auth:register.username'), { exact: true }).fill(buyer.username);
      await main.getByLabel(text('auth:register.password'), { exact: true }).fill(buyer.password);
      await main
        .getByLabel(text('auth:register.confirmPassword'), { exact: true })
        .fill(buyer.password);
      await main.getByRole('button', { name: text('auth:register.submit') }).click();
      await page.waitForURL(`${url}/login`);
      const buyerId = await logIn(page, url, buyer);
      const api = consoleApi(buyerSession.context.request, url, buyerId);
      assert.equal((await self(api)).quota, inviteeReward, 'the invitee reward');

      // 2. Redeem one code on /topup: the balance rises at once; a second try is refused.
      await openInConsole(page, '/topup');
      const balance = main.getByTestId('wallet-balance');
      await balance.getByText(dollars(inviteeReward), { exact: true }).waitFor();
      const codeField = main.getByLabel(text('wallet:redeem.code'), { exact: true });
      await codeField.fill(codes[0]);
      await main.getByRole('button', { name: text('wallet:redeem.submit'), exact: true }).click();
      const redeemed = page
        .getByRole('dialog')
        .filter({ hasText: text('wallet:redeem.successTitle') });
      await redeemed
        .getByText(text('wallet:redeem.successContent').replace('{{quota}}', dollars(codeQuota)))
        .waitFor();
      await balance.getByText(dollars(inviteeReward + codeQuota), { exact: true }).waitFor();
      await redeemed.getByRole('button').last().click();
      await redeemed.waitFor({ state: 'hidden' });
      await codeField.fill(codes[0]);
      await main.getByRole('button', { name: text('wallet:redeem.submit'), exact: true }).click();
      await page
        .getByText('Redemption failed: Invalid redemption code', { exact: true })
        .first()
        .waitFor();
      assert.equal((await self(api)).quota, inviteeReward + codeQuota);
      await balance.getByText(dollars(inviteeReward + codeQuota), { exact: true }).waitFor();

      // 3. Online top-up: quote, confirm, the form posted to the provider, two notifications.
      const amountField = main.locator(
        'input[data-testid="wallet-amount"], [data-testid="wallet-amount"] input',
      );
      await amountField.fill(String(topUpDollars));
      const money = (topUpDollars * 7.3).toFixed(2);
      await main
        .getByTestId('wallet-money')
        .getByText(text('wallet:money').replace('{{value}}', money))
        .waitFor();
      await shot(page, 'topup-quoted');
      await main.getByTestId('wallet-pay-alipay').click();
      const confirm = page.getByTestId('wallet-confirm');
      await confirm
        .getByText(text('wallet:online.confirmMoney').replace('{{money}}', `¥${money}`))
        .waitFor();
      await page.getByRole('button', { name: text('wallet:online.confirmOk') }).click();
      await page.waitForURL(`${epay.url}/submit.php`);
      await page.getByText(`Paid ¥${money} for TUC${topUpDollars}`).waitFor();
      assert.equal(epay.submissions.length, 1);
      const [submission] = epay.submissions;
      assert.equal(submission.refusal, '', 'the provider accepted the signed form');
      assert.equal(submission.fields.type, 'alipay');
      assert.equal(submission.fields.notify_url, `${url}/api/user/epay/notify`);
      assert.deepEqual(submission.notifyAnswers, ['success', 'success']);
      await page.getByRole('link', { name: 'Return to the merchant' }).click();
      await page.waitForURL(`${url}/log`);
      const afterTopUp = inviteeReward + codeQuota + topUpDollars * quotaPerUnit;
      assert.equal((await self(api)).quota, afterTopUp, 'credited exactly once');
      const orders = (await api.get('/api/user/topup/self?p=1&page_size=10')) as unknown;
      const orderList = ((orders as { items?: unknown }).items ?? orders) as {
        trade_no: string;
        status: string;
        amount: number;
      }[];
      assert.equal(orderList.length, 1);
      assert.equal(orderList[0].trade_no, submission.fields.out_trade_no);
      assert.equal(orderList[0].status, 'success');
      await openInConsole(page, '/topup');
      await balance.getByText(dollars(afterTopUp), { exact: true }).waitFor();
      const orderRow = main.getByRole('row').filter({ hasText: orderList[0].trade_no });
      await orderRow.getByText(text('wallet:status.success'), { exact: true }).waitFor();
      await orderRow.getByText(`¥${money}`, { exact: true }).waitFor();
      await shot(page, 'topup-paid');

      // 4. The inviter moves the invite reward to the balance with the transfer dialog.
      await rootPage.reload();
      const pending = rootMain.getByTestId('affiliate-pending');
      await pending.getByText(dollars(inviterReward), { exact: true }).waitFor();
      const rootBefore = await self(rootApi);
      assert.equal(rootBefore.aff_quota, inviterReward);
      await rootMain.getByRole('button', { name: text('personal:invite.transfer') }).click();
      const transfer = rootPage
        .getByRole('dialog')
        .filter({ hasText: text('personal:transfer.title') });
      await transfer.getByRole('button', { name: text('personal:transfer.all') }).click();
      await shot(rootPage, 'transfer-dialog');
      await transfer.getByRole('button', { name: text('personal:transfer.submit') }).click();
      await rootPage.getByText(text('personal:transfer.success')).first().waitFor();
      await pending.getByText(dollars(0), { exact: true }).waitFor();
      await rootMain
        .getByTestId('balance')
        .getByText(dollars(rootBefore.quota + inviterReward), { exact: true })
        .waitFor();
      const rootAfter = await self(rootApi);
      assert.equal(rootAfter.aff_quota, 0);
      assert.equal(rootAfter.quota, rootBefore.quota + inviterReward);
      assert.equal(rootAfter.aff_count, 1);

      // 5. A webhook quota warning set in the notification tab; one call crosses the threshold.
      await openInConsole(page, '/personal');
      await main.getByRole('tab', { name: text('personal:tabs.notification') }).click();
      await main.getByLabel(text('personal:notification.webhook'), { exact: true }).check();
      await main
        .getByPlaceholder(text('personal:notification.thresholdPlaceholder'))
        .fill(String(warningThreshold));
      await main
        .getByLabel(text('personal:notification.webhookUrl'), { exact: true })
        .fill(hook.url);
      await main
        .getByLabel(text('personal:notification.webhookSecret'), { exact: true })
        .fill(webhookSecret);
      await main.getByRole('button', { name: text('personal:notification.save') }).click();
      await page.getByText(text('personal:notification.saved')).first().waitFor();
      await shot(page, 'notification-saved');

      await api.post('/api/token/', { name: 'money', unlimited_quota: true });
      const tokens = (await api.get('/api/token/?p=0&size=20')) as { id: number }[];
      // Lists show keys masked; the reveal route gives the whole key.
      const revealed = (await api.post(`/api/token/${tokens[0].id}/key`, {})) as { key: string };
      const apiKey = `sk-${revealed.key.replace(/^sk-/, '')}`;
      assert.equal(hook.calls.length, 0, 'no warning before the call');
      const call = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      assert.equal(call.status, 200, await call.text());
      const afterCall = afterTopUp - callPrice * quotaPerUnit;
      await eventually(
        async () => hook.calls.length,
        (count) => count > 0,
      );
      assert.equal(hook.calls.length, 1, 'one warning');
      const [warning] = hook.calls;
      const expected = createHmac('sha256', webhookSecret).update(warning.body).digest();
      const given = Buffer.from(String(warning.headers['x-webhook-signature']), 'hex');
      assert.ok(
        given.length === expected.length && timingSafeEqual(given, expected),
        'the signature is the HMAC-SHA256 of the body under the secret',
      );
      assert.equal(warning.headers.authorization, `Bearer ${webhookSecret}`);
      const payload = JSON.parse(warning.body) as {
        type: string;
        values: string[];
        timestamp: number;
      };
      assert.equal(payload.type, 'quota_exceed');
      assert.equal(payload.values[1], `＄${(afterCall / quotaPerUnit).toFixed(6)}`);
      assert.equal(payload.values[2], `${url}/topup`);
      assert.ok(Math.abs(payload.timestamp - Date.now() / 1000) < 60);
      assert.equal((await self(api)).quota, afterCall);

      assert.deepEqual(rootSession.pageErrors, [], 'the console threw (root)');
      assert.deepEqual(buyerSession.pageErrors, [], 'the console threw (buyer)');

      // ── The screens in both languages and themes, on a laptop and on a 375 px phone ───────────
      const rootState = await rootSession.context.storageState();
      const buyerState = await buyerSession.context.storageState();
      const variants = allVariants();
      await forEachVariant(browser, variants, rootState, async (view, variant) => {
        const say = (key: string) => consoleText(variant.language, key);
        const record = (screen: string) =>
          recordScreen(view, `money-${screen}-${variantName(variant)}`);
        const viewMain = view.getByRole('main');
        await view.goto(`${url}/redemption`);
        await viewMain.getByText(codeName).first().waitFor();
        await record('redemption');
        await openInConsole(view, '/personal');
        await viewMain.getByText(say('personal:invite.title'), { exact: true }).waitFor();
        await viewMain
          .getByLabel(say('personal:invite.link'), { exact: true })
          .and(view.locator('[value*="aff="]'))
          .waitFor();
        await viewMain
          .getByText(say('personal:invite.title'), { exact: true })
          .scrollIntoViewIfNeeded();
        await record('invite');
      });
      await forEachVariant(browser, variants, buyerState, async (view, variant) => {
        const say = (key: string) => consoleText(variant.language, key);
        const record = (screen: string) =>
          recordScreen(view, `money-${screen}-${variantName(variant)}`);
        const viewMain = view.getByRole('main');
        await view.goto(`${url}/topup`);
        await viewMain.getByText(orderList[0].trade_no).waitFor();
        await viewMain.getByTestId('wallet-money').getByText(/\d/).waitFor();
        await record('topup');
        await openInConsole(view, `/personal?tab=notification`);
        await viewMain.getByText(say('personal:notification.title'), { exact: true }).waitFor();
        await record('notification');
      });

      t.diagnostic(`took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    } catch (error) {
      await recordFailure(contexts, 'money');
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  },
);

let plansServer: ServerProcess | undefined;
/** The plans test's site reaches this Stripe; the Stripe journey runs on that site afterwards. */
let stripe: FakeStripeServer | undefined;

after(async () => {
  await plansServer?.stop();
  await stripe?.close();
  if (plansServer) rmSync(plansServer.dataDirectory, { recursive: true, force: true });
});

test(
  'subscription plans: made on /subscription, given to a user, shown on the wallet, ended',
  // Aimed at under 60 s on two idle cores; the limit leaves room for a busy machine.
  { timeout: 300_000 },
  async (t) => {
    const startedAt = Date.now();
    // The browser is the first test's when it got that far; this test's server is its own, and
    // it talks to the fake Stripe the next test pays with.
    stripe = await FakeStripeServer.start(stripeAccount);
    const [shared, started] = await Promise.all([
      browser ?? launchBrowser().then((launched) => (browser = launched)),
      startServer({
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
        STRIPE_API_BASE: stripe.url,
      }).then((process) => (plansServer = process)),
    ]);
    const url = started.url;
    const setup = await fetch(`${url}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...root, confirmPassword: root.password }),
    });
    assert.equal(((await setup.json()) as Envelope).success, true, 'setup failed');

    const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
    const text = (key: string) => consoleText('en', key);
    const shot = (page: Page, screen: string) =>
      recordScreen(page, `plans-${screen}-${variantName(english)}`);
    const contexts: BrowserContext[] = [];
    const plan = { title: 'Pro monthly', price: 9.9, quota: 2_000_000 };
    const subscriber = { username: 'subscriber', password: 'subscriber-pass-2024' };

    try {
      const rootSession = await openConsoleContext(shared, english);
      contexts.push(rootSession.context);
      const rootPage = rootSession.page;
      const rootMain = rootPage.getByRole('main');
      const rootId = await logIn(rootPage, url, root);
      const rootApi = consoleApi(rootSession.context.request, url, rootId);
      await rootApi.post('/api/user/', { ...subscriber, display_name: 'Subscriber' });
      const users = (await rootApi.get('/api/user/?p=1&page_size=10')) as {
        items: { id: number; username: string }[];
      };
      const subscriberId = users.items.find((user) => user.username === subscriber.username)?.id;
      assert.ok(subscriberId, 'the subscriber was created');

      // 1. The plan, made in the dialog on /subscription: a month of 2M quota a day, group vip.
      await openInConsole(rootPage, '/subscription');
      await rootMain.getByRole('button', { name: text('subscriptions:add') }).click();
      const dialog = rootPage
        .getByRole('dialog')
        .filter({ hasText: text('subscriptions:form.createTitle') });
      const field = (key: string) =>
        dialog.getByLabel(text(`subscriptions:form.${key}`), { exact: true });
      // The title is required: the dialog refuses to send the plan without one.
      await dialog.getByRole('button', { name: text('common:submit') }).click();
      await dialog.getByText(text('subscriptions:form.errors.titleRequired')).waitFor();
      await field('title').fill(plan.title);
      await field('subtitle').fill('A fresh quota every day');
      await field('price').fill(String(plan.price));
      await field('totalAmount').fill(String(plan.quota));
      await field('resetPeriod').click();
      await rootPage
        .locator('.ant-select-item-option')
        .filter({ hasText: text('subscriptions:periods.daily') })
        .click();
      await field('upgradeGroup').click();
      await rootPage.locator('.ant-select-item-option').filter({ hasText: /^vip$/ }).click();
      await shot(rootPage, 'plan-form');
      const [created] = await Promise.all([
        rootPage.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/subscription/admin/plans' &&
            response.request().method() === 'POST',
        ),
        dialog.getByRole('button', { name: text('common:submit') }).click(),
      ]);
      const createdBody = (await created.json()) as Envelope;
      assert.equal(createdBody.success, true, String(createdBody.message));
      await dialog.waitFor({ state: 'hidden' });
      const planRow = rootMain.getByRole('row').filter({ hasText: plan.title });
      await planRow.getByText(dollars(plan.quota), { exact: true }).waitFor();
      await planRow.getByText('vip', { exact: true }).waitFor();
      const plans = (await rootApi.get('/api/subscription/admin/plans')) as {
        plan: { id: number; title: string; total_amount: number; quota_reset_period: string };
      }[];
      assert.equal(plans.length, 1);
      assert.deepEqual(
        [plans[0].plan.title, plans[0].plan.total_amount, plans[0].plan.quota_reset_period],
        [plan.title, plan.quota, 'daily'],
      );

      // 2. Given to the subscriber in the user editor; the plan moves them to group vip.
      await openInConsole(rootPage, `/user/edit/${subscriberId}`);
      const panel = rootMain.getByTestId('user-subscriptions');
      await panel.getByText(text('subscriptions:user.none')).waitFor();
      await panel
        .getByRole('combobox', { name: text('subscriptions:user.planPlaceholder'), exact: true })
        .click();
      await rootPage.locator('.ant-select-item-option').filter({ hasText: plan.title }).click();
      await panel.getByRole('button', { name: text('subscriptions:user.bind') }).click();
      const held = panel.locator('.ant-card').filter({ hasText: plan.title });
      await held.getByText(text('subscriptions:status.active'), { exact: true }).waitFor();
      await rootMain.getByText('vip', { exact: true }).first().waitFor();
      const subscriberUser = (await rootApi.get(`/api/user/${subscriberId}`)) as { group: string };
      assert.equal(subscriberUser.group, 'vip', 'the plan moved the user to its group');
      await shot(rootPage, 'user-panel');

      // 3. The subscriber sees it on the wallet, with all of the period's quota left, and
      //    changes the billing preference.
      const subscriberSession = await openConsoleContext(shared, english);
      contexts.push(subscriberSession.context);
      const page = subscriberSession.page;
      const main = page.getByRole('main');
      const subscriberApi = consoleApi(
        subscriberSession.context.request,
        url,
        await logIn(page, url, subscriber),
      );
      await openInConsole(page, '/topup');
      const section = main.getByTestId('wallet-subscriptions');
      const mine = section
        .locator('[data-testid^="subscription-"]')
        .filter({ hasText: plan.title });
      const fullQuota = text('subscriptions:remainingOf')
        .replace('{{remaining}}', dollars(plan.quota))
        .replace('{{total}}', dollars(plan.quota));
      await mine.getByText(fullQuota, { exact: true }).waitFor();
      await section
        .getByTestId(`plan-${plans[0].plan.id}`)
        .getByText(`${plan.price.toFixed(2)} USD`)
        .waitFor();
      // The select itself (its input lies under the chosen value's text).
      const preference = section
        .getByLabel(text('subscriptions:preference.label'), { exact: true })
        .first();
      await preference.click();
      const [saved] = await Promise.all([
        page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/subscription/self/preference',
        ),
        page
          .locator('.ant-select-item-option')
          .filter({ hasText: text('subscriptions:preference.wallet_first') })
          .click(),
      ]);
      assert.equal(((await saved.json()) as Envelope).success, true);
      await page.getByText(text('subscriptions:preference.saved')).first().waitFor();
      const self = (await subscriberApi.get('/api/subscription/self')) as {
        billing_preference: string;
        subscriptions: unknown[];
      };
      assert.equal(self.billing_preference, 'wallet_first');
      assert.equal(self.subscriptions.length, 1);
      await shot(page, 'wallet');

      // 4. The admin ends it: cancelled, the group given back, gone from the wallet's list.
      await held.getByRole('button', { name: text('subscriptions:user.invalidate') }).click();
      const ask = rootPage.getByRole('dialog').filter({
        hasText: text('subscriptions:user.invalidateTitle').replace('{{title}}', plan.title),
      });
      await ask.getByRole('button', { name: text('common:ok') }).click();
      await held.getByText(text('subscriptions:status.cancelled'), { exact: true }).waitFor();
      const after = (await rootApi.get(
        `/api/subscription/admin/users/${subscriberId}/subscriptions`,
      )) as { subscription: { status: string } }[];
      assert.deepEqual(
        after.map((item) => item.subscription.status),
        ['cancelled'],
      );
      assert.equal(
        ((await rootApi.get(`/api/user/${subscriberId}`)) as { group: string }).group,
        'default',
        'the group the plan gave is taken back',
      );
      await page.reload();
      await section.getByText(text('subscriptions:wallet.noneActive')).waitFor();

      assert.deepEqual(rootSession.pageErrors, [], 'the console threw (root)');
      assert.deepEqual(subscriberSession.pageErrors, [], 'the console threw (subscriber)');

      // ── The three screens in both languages and themes, on a laptop and on a 375 px phone ──
      const rootState = await rootSession.context.storageState();
      const subscriberState = await subscriberSession.context.storageState();
      const variants = allVariants();
      await forEachVariant(shared, variants, rootState, async (view, variant) => {
        const say = (key: string) => consoleText(variant.language, key);
        const record = (screen: string) =>
          recordScreen(view, `plans-${screen}-${variantName(variant)}`);
        const viewMain = view.getByRole('main');
        await view.goto(`${url}/subscription`);
        await viewMain.getByRole('row').filter({ hasText: plan.title }).waitFor();
        await record('admin');
        await openInConsole(view, `/user/edit/${subscriberId}`);
        await viewMain
          .getByTestId('user-subscriptions')
          .getByText(say('subscriptions:status.cancelled'), { exact: true })
          .waitFor();
        await record('user-panel');
      });
      await forEachVariant(shared, variants, subscriberState, async (view, variant) => {
        const say = (key: string) => consoleText(variant.language, key);
        const viewMain = view.getByRole('main');
        await view.goto(`${url}/topup`);
        const viewSection = viewMain.getByTestId('wallet-subscriptions');
        await viewSection.getByText(say('subscriptions:wallet.noneActive')).waitFor();
        await viewSection.scrollIntoViewIfNeeded();
        await recordScreen(view, `plans-wallet-${variantName(variant)}`);
      });

      t.diagnostic(`took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    } catch (error) {
      await recordFailure(contexts, 'plans');
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  },
);

test(
  'Stripe: a top-up and a plan paid on the checkout page, credited through the webhook',
  // Aimed at under 60 s on two idle cores; the limit leaves room for a busy machine.
  { timeout: 300_000 },
  async (t) => {
    const startedAt = Date.now();
    // The plans test's site, set up and still running; Stripe is not configured on it yet.
    assert.ok(browser && plansServer && stripe, 'the plans test did not start its site');
    await payWithStripeCheckout(browser, plansServer.url, stripe);
    t.diagnostic(`took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  },
);
