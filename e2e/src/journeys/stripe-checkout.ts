import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { screenshotDirectory } from '../support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  openInConsole,
  saveScreenshot,
  variantName,
} from '../support/console-page.js';
import { consoleText } from '../support/console-text.js';
import { recordFailure } from '../support/failure-record.js';
import type { FakeStripeServer } from '../support/fake-stripe-server.js';
import { root } from '../support/site-setup.js';

/** The Stripe account the journey configures; the fake knows the same secrets and prices. */
export const stripeAccount = {
  apiSecret: 'sk_test_e2e_tollgate',
  webhookSecret: 'whsec_e2e_tollgate',
  prices: {
    /** One top-up unit: $1.00. */
    price_e2e_unit: 100,
    /** The plan below: $4.90, what the plan itself asks. */
    price_e2e_plan: 490,
  },
};

const quotaPerUnit = 500_000;
/** Units (dollars) bought with Stripe. */
const topUpUnits = 3;
const plan = { title: 'Stripe monthly', price: 4.9, quota: 1_000_000 };
const buyer = { username: 'stripe-buyer', password: 'stripe-pass-2024' };

const dollars = (quota: number) => `$${(quota / quotaPerUnit).toFixed(2)}`;

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Signs in through the login form; returns the user id the server answered with. */
async function signIn(page: Page, url: string, account: typeof root): Promise<number> {
  const text = (key: string) => consoleText('en', key);
  const main = page.getByRole('main');
  await page.goto(`${url}/login`);
  await main.getByLabel(text('auth:login.username')).fill(account.username);
  await main.getByLabel(text('auth:login.password'), { exact: true }).fill(account.password);
  const [login] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
    main.getByRole('button', { name: text('auth:login.submit') }).click(),
  ]);
  await page.waitForURL((address) => address.pathname !== '/login');
  const userId = Number(((await login.json()) as { data?: { id?: unknown } }).data?.id);
  assert.ok(userId > 0, 'login answered without a user id');
  return userId;
}

/** The console API with the page's session, as the console calls it. */
function consoleApi(page: Page, url: string, userId: number) {
  const headers = { 'New-Api-User': String(userId) };
  const check = async (response: Awaited<ReturnType<Page['request']['get']>>, what: string) => {
    const body = (await response.json()) as Envelope;
    assert.equal(body.success, true, `${what}: ${String(body.message)}`);
    return body.data;
  };
  return {
    get: async (pathname: string) =>
      check(await page.request.get(`${url}${pathname}`, { headers }), `GET ${pathname}`),
    post: async (pathname: string, data: unknown) =>
      check(await page.request.post(`${url}${pathname}`, { headers, data }), `POST ${pathname}`),
  };
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

async function recordScreen(page: Page, name: string): Promise<void> {
  await assertNoRawTranslationKeys(page, name);
  await saveScreenshot(page, name);
}

/**
 * Root sets Stripe up in the system settings; a user tops up with Stripe on /topup, pays on the
 * provider's checkout page and finds the quota in the wallet; then buys a plan with its Stripe
 * button and finds it under "My subscriptions". `url` is an initialised site (root as in
 * site-setup.ts) whose server reaches `stripe` through `STRIPE_API_BASE`; its Stripe settings and
 * server address are not set yet.
 */
export async function payWithStripeCheckout(
  browser: Browser,
  url: string,
  stripe: FakeStripeServer,
): Promise<void> {
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const shot = (page: Page, screen: string) =>
    recordScreen(page, `stripe-${screen}-${variantName(english)}`);
  stripe.webhookUrl = `${url}/api/stripe/webhook`;
  const rootSession = await openConsoleContext(browser, english);
  const buyerSession = await openConsoleContext(browser, english);
  const contexts = [rootSession.context, buyerSession.context];

  try {
    // ── Root: the server address (Stripe's return pages) and the Stripe section ───────────────
    const rootPage = rootSession.page;
    const rootMain = rootPage.getByRole('main');
    const rootApi = consoleApi(rootPage, url, await signIn(rootPage, url, root));
    const save = (section: string) =>
      rootMain.getByRole('button', {
        name: text('settings:actions.save').replace('{{section}}', text(section)),
      });
    await openInConsole(rootPage, '/setting?tab=system');
    await rootMain
      .getByLabel(text('settings:system.general.serverAddress'), { exact: true })
      .fill(url);
    await save('settings:system.general.title').click();
    await rootPage.getByText(text('settings:messages.saved')).last().waitFor();
    const field = (key: string) =>
      rootMain.getByLabel(text(`settings:system.stripe.${key}`), { exact: true });
    await field('apiSecret').fill(stripeAccount.apiSecret);
    await field('webhookSecret').fill(stripeAccount.webhookSecret);
    await field('priceId').fill('price_e2e_unit');
    await field('unitPrice').fill('1');
    await field('minTopUp').fill('1');
    await save('settings:system.stripe.title').click();
    // The section saves one option after another; the wallet's info says when all are in.
    const info = await eventually(
      async () =>
        (await rootApi.get('/api/user/topup/info')) as {
          enable_stripe_topup: boolean;
          stripe_min_topup: number;
        },
      (value) => value.enable_stripe_topup && value.stripe_min_topup === 1,
    );
    assert.equal(info.enable_stripe_topup, true, 'Stripe top-up is on after saving');

    // A plan sold through Stripe (the plan dialog has its own test) and the buyer's account.
    await rootApi.post('/api/subscription/admin/plans', {
      plan: {
        title: plan.title,
        price_amount: plan.price,
        total_amount: plan.quota,
        stripe_price_id: 'price_e2e_plan',
      },
    });
    const plans = (await rootApi.get('/api/subscription/admin/plans')) as {
      plan: { id: number; title: string };
    }[];
    const planId = plans.find((entry) => entry.plan.title === plan.title)?.plan.id;
    assert.ok(planId, 'the plan was created');
    await rootApi.post('/api/user/', { ...buyer, display_name: 'Stripe buyer' });

    // ── The buyer: a Stripe top-up on /topup ───────────────────────────────────────────────────
    const page = buyerSession.page;
    const main = page.getByRole('main');
    const api = consoleApi(page, url, await signIn(page, url, buyer));
    const startQuota = ((await api.get('/api/user/self')) as { quota: number }).quota;
    await openInConsole(page, '/topup');
    const amount = main.locator(
      'input[data-testid="stripe-amount"], [data-testid="stripe-amount"] input',
    );
    await amount.fill(String(topUpUnits));
    await main
      .getByTestId('stripe-price')
      .getByText(/^\$?3\.00$/)
      .waitFor();
    await shot(page, 'topup-quoted');
    await main.getByTestId('stripe-pay').click();
    await page.waitForURL((address) => address.origin === stripe.url);
    await page.getByText('Pay $3.00').waitFor();
    await shot(page, 'checkout-topup');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // The top-up's success address is new-api's `/console/log`: the console takes it to /log.
    await page.waitForURL(`${url}/log`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('main').locator('.ant-spin-spinning').first().waitFor({ state: 'hidden' });
    await shot(page, 'topup-returned');
    assert.deepEqual(
      stripe.deliveries.map((delivery) => delivery.status),
      [200],
      'the webhook was accepted',
    );
    const credited = startQuota + topUpUnits * quotaPerUnit;
    const self = await eventually(
      async () => ((await api.get('/api/user/self')) as { quota: number }).quota,
      (quota) => quota === credited,
    );
    assert.equal(self, credited, 'credited exactly the units bought');
    await page.goto(`${url}/topup`);
    await main
      .getByTestId('wallet-balance')
      .getByText(dollars(credited), { exact: true })
      .waitFor();
    const orders = (await api.get('/api/user/topup/self?p=1&page_size=10')) as unknown;
    const orderList = ((orders as { items?: unknown }).items ?? orders) as {
      trade_no: string;
      status: string;
    }[];
    assert.deepEqual(
      orderList.map((order) => order.status),
      ['success'],
    );
    const orderRow = main.getByRole('row').filter({ hasText: orderList[0].trade_no });
    await orderRow.getByText(text('wallet:status.success'), { exact: true }).waitFor();
    await shot(page, 'topup-credited');

    // ── The buyer: the plan with its Stripe button ────────────────────────────────────────────
    const section = main.getByTestId('wallet-subscriptions');
    await section.getByTestId(`plan-${planId}`).getByTestId('plan-pay-stripe').click();
    const confirm = page.getByRole('dialog').filter({
      hasText: text('subscriptions:wallet.confirmTitle').replace('{{title}}', plan.title),
    });
    await confirm.getByTestId('plan-confirm').waitFor();
    await shot(page, 'plan-confirm');
    await confirm.getByRole('button', { name: text('subscriptions:wallet.confirmOk') }).click();
    await page.waitForURL((address) => address.origin === stripe.url);
    await page.getByText('Pay $4.90').waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((address) => address.origin === url && address.pathname === '/topup');
    assert.deepEqual(
      stripe.deliveries.map((delivery) => delivery.status),
      [200, 200],
      'both webhooks were accepted',
    );
    const mine = section.locator('[data-testid^="subscription-"]').filter({ hasText: plan.title });
    await mine.first().waitFor();
    // The console reads the success address Stripe returned the payer to.
    await page.getByText(text('subscriptions:wallet.return.success')).first().waitFor();
    await shot(page, 'subscribed');
    const held = (await api.get('/api/subscription/self')) as {
      subscriptions: { subscription: { plan_id: number; status: string } }[];
    };
    assert.deepEqual(
      held.subscriptions.map((item) => [item.subscription.plan_id, item.subscription.status]),
      [[planId, 'active']],
    );
    assert.equal(stripe.customers.length, 1, 'one Stripe customer, reused for the plan');

    assert.deepEqual(rootSession.pageErrors, [], 'the console threw (root)');
    assert.deepEqual(buyerSession.pageErrors, [], 'the console threw (buyer)');

    // ── The settings section and the wallet in both languages and themes, laptop and phone ────
    const rootState = await rootSession.context.storageState();
    const buyerState = await buyerSession.context.storageState();
    await forEachVariant(browser, allVariants(), rootState, async (view, variant) => {
      const say = (key: string) => consoleText(variant.language, key);
      await view.goto(`${url}/setting?tab=system`);
      const priceId = view.getByLabel(say('settings:system.stripe.priceId'), { exact: true });
      await view.locator('input[value="price_e2e_unit"]').waitFor();
      // The settings page is long: the screen is the window scrolled to the Stripe card, its top
      // just under the console's sticky header.
      await assertNoRawTranslationKeys(view, `stripe-settings-${variantName(variant)}`);
      await view
        .getByRole('main')
        .locator('.tg-settings-section')
        .filter({ has: priceId })
        .evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + scrollY - 72));
      await view.evaluate('document.fonts.ready.then(() => undefined)');
      await view.screenshot({
        path: path.join(screenshotDirectory, `stripe-settings-${variantName(variant)}.png`),
        animations: 'disabled',
      });
    });
    await forEachVariant(browser, allVariants(), buyerState, async (view, variant) => {
      const viewMain = view.getByRole('main');
      await view.goto(`${url}/topup`);
      await viewMain
        .getByTestId('wallet-balance')
        .getByText(dollars(credited), { exact: true })
        .waitFor();
      await viewMain.getByTestId('stripe-pay').waitFor();
      await recordScreen(view, `stripe-wallet-${variantName(variant)}`);
    });
  } catch (error) {
    await recordFailure(contexts, 'stripe');
    throw error;
  } finally {
    for (const context of contexts) await context.close();
  }
}
