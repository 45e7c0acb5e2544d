import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from 'playwright-core';
import { launchBrowser, screenshotDirectory } from './support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from './support/console-page.js';
import { consoleText } from './support/console-text.js';
import { recordFailure } from './support/failure-record.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const root = { username: 'root', password: 'root-pass-2024' };
const carol = { username: 'carol', password: 'carol-pass-2024' };
const english: ConsoleVariant = { language: 'en', theme: 'light', viewport: 'desktop' };
/** Where people look at this feature's screens (besides the suite's own screenshot folder). */
const SHOTS = process.env.PASSKEY_SHOTS_DIR;

let browser: Browser | undefined;
let server: ServerProcess | undefined;
let rootApi: APIRequestContext | undefined;

after(async () => {
  await browser?.close();
  await rootApi?.dispose();
  await server?.stop();
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

async function asRoot(method: 'GET' | 'POST' | 'PUT', pathname: string, data?: unknown) {
  const response = await rootApi!.fetch(pathname, {
    method,
    data,
    headers: { 'New-Api-User': '1' },
  });
  const body = (await response.json()) as { success?: unknown; message?: unknown; data?: unknown };
  assert.equal(body.success, true, `${method} ${pathname}: ${String(body.message)}`);
  return body.data;
}

/**
 * A platform authenticator with a resident key and user verification, through the DevTools
 * protocol: WebAuthn ceremonies of this page then succeed without a person.
 */
async function addVirtualAuthenticator(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable');
  await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function screenshot(page: Page, name: string) {
  await saveScreenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(path.join(screenshotDirectory, `${name}.png`), path.join(SHOTS, `${name}.png`));
  }
}

/** A screenshot of one part of the page (the card people look at), only into SHOTS. */
async function sectionShot(part: Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await part.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

async function selfOf(page: Page): Promise<Record<string, unknown>> {
  return (await page.evaluate(`(async () => {
    const user = JSON.parse(localStorage.getItem('user') || '{}');
    const response = await fetch('/api/user/self', { headers: { 'New-Api-User': String(user.id) } });
    return (await response.json()).data;
  })()`)) as Record<string, unknown>;
}

test(
  'registers a passkey on the personal page, signs out, and signs in with it',
  { timeout: 300_000 },
  async () => {
    const opened: Awaited<ReturnType<typeof openConsoleContext>>[] = [];
    try {
      browser = await launchBrowser();
      server = await startServer({
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
      });
      // WebAuthn wants a domain as relying party id and a secure context: localhost is both.
      const url = server.url.replace('127.0.0.1', 'localhost');
      const setup = await fetch(`${url}/api/setup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...root, confirmPassword: root.password }),
      });
      assert.equal(((await setup.json()) as { success?: unknown }).success, true);
      rootApi = await playwrightRequest.newContext({ baseURL: url });
      await asRoot('POST', '/api/user/login', root);
      await asRoot('PUT', '/api/option/', { key: 'ServerAddress', value: url });
      await asRoot('PUT', '/api/option/', { key: 'passkey.enabled', value: 'true' });
      await asRoot('POST', '/api/user/', { ...carol, display_name: 'Carol' });

      const visit = await openConsoleContext(browser, english);
      opened.push(visit);
      const { page, pageErrors } = visit;
      page.context().setDefaultTimeout(30_000);
      await addVirtualAuthenticator(page);
      const main = page.getByRole('main');

      // 1. Carol signs in with her password and registers a passkey on the personal page.
      await page.goto(`${url}/login`);
      await main.getByLabel('Username / email').fill(carol.username);
      await main.getByLabel('Password', { exact: true }).fill(carol.password);
      await main.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((address) => address.pathname === '/token');
      await page.goto(`${url}/personal`);
      await main.getByRole('button', { name: 'Register a passkey' }).click();
      await page.getByText('Passkey registered').first().waitFor();
      await main.getByText('Registered', { exact: true }).waitFor();
      await main.getByText('Not used yet').waitFor();

      // 2. She signs out from the avatar menu.
      await page.getByRole('banner').getByRole('button', { name: carol.username }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL((address) => address.pathname === '/login');

      // 3. And signs in with the passkey alone (a discoverable credential: no name typed).
      await main.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL((address) => address.pathname === '/token');
      const self = await selfOf(page);
      assert.equal(self.username, carol.username);
      await page.goto(`${url}/personal`);
      await main.getByText(/^Last used: /).waitFor();
      assert.deepEqual(pageErrors, []);

      // The screens, in both languages and themes, on a laptop and a 375 px phone.
      const state = await page.context().storageState();
      await forEachVariant(browser, allVariants(), undefined, async (view, variant) => {
        const name = variantName(variant);
        await view.goto(`${url}/login`);
        await view
          .getByRole('button', { name: consoleText(variant.language, 'passkeys:login.button') })
          .waitFor();
        await assertNoRawTranslationKeys(view, 'login');
        await screenshot(view, `passkey-login-${name}`);
      });
      await forEachVariant(browser, allVariants(), state, async (view, variant) => {
        const name = variantName(variant);
        await view.goto(`${url}/personal`);
        await view.getByText(consoleText(variant.language, 'passkeys:card.replace')).waitFor();
        await assertNoRawTranslationKeys(view, 'personal');
        await screenshot(view, `passkey-personal-${name}`);
        await sectionShot(view.getByTestId('passkey-card'), `passkey-card-${name}`);
      });
      const rootState = await rootApi.storageState();
      await forEachVariant(browser, allVariants(), rootState, async (view, variant) => {
        const name = variantName(variant);
        await view.addInitScript(
          `localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', role: 100 }));`,
        );
        await view.goto(`${url}/setting?tab=system`);
        const section = view.getByText(consoleText(variant.language, 'passkeys:settings.enabled'));
        await section.waitFor();
        await section.scrollIntoViewIfNeeded();
        await assertNoRawTranslationKeys(view, 'settings');
        await screenshot(view, `passkey-settings-${name}`);
        const card = view.locator('.ant-card').filter({ has: section }).last();
        await sectionShot(card, `passkey-settings-section-${name}`);
      });
    } catch (error) {
      await recordFailure(
        opened.map((entry) => entry.context),
        'passkey',
      );
      throw error;
    }
  },
);
