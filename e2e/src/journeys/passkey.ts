import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { screenshotDirectory } from '../support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from '../support/console-page.js';
import { consoleText } from '../support/console-text.js';
import { recordFailure } from '../support/failure-record.js';
import { root } from '../support/site-setup.js';

/** A user of her own (the site may hold others). */
const erin = { username: 'erin', password: 'erin-pass-2024' };
const english: ConsoleVariant = { language: 'en', theme: 'light', viewport: 'desktop' };
/** Where people look at this feature's screens (besides the suite's own screenshot folder). */
const SHOTS = process.env.PASSKEY_SHOTS_DIR;

async function asRoot(
  rootApi: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  pathname: string,
  data?: unknown,
) {
  const response = await rootApi.fetch(pathname, {
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

/**
 * Erin registers a passkey on the personal page, signs out and signs in with it; then the login,
 * personal and settings screens in the four looks. `url` is an initialised site on `localhost`
 * (WebAuthn wants a domain as relying party id and a secure context: localhost is both) whose
 * root can sign in with a password; its ServerAddress becomes `url`. `prepareContext` readies
 * each browser context before its first page (the site's third-party sign-ins, say).
 */
export async function registerAndUsePasskey(
  browser: Browser,
  url: string,
  prepareContext: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<void> {
  const opened: Awaited<ReturnType<typeof openConsoleContext>>[] = [];
  const rootApi = await playwrightRequest.newContext({ baseURL: url });
  try {
    await asRoot(rootApi, 'POST', '/api/user/login', root);
    await asRoot(rootApi, 'PUT', '/api/option/', { key: 'ServerAddress', value: url });
    await asRoot(rootApi, 'PUT', '/api/option/', { key: 'passkey.enabled', value: 'true' });
    await asRoot(rootApi, 'POST', '/api/user/', { ...erin, display_name: 'Erin' });

    const visit = await openConsoleContext(browser, english);
    opened.push(visit);
    await prepareContext(visit.context);
    const { page, pageErrors } = visit;
    page.context().setDefaultTimeout(30_000);
    await addVirtualAuthenticator(page);
    const main = page.getByRole('main');

    // 1. Erin signs in with her password and registers a passkey on the personal page.
    await page.goto(`${url}/login`);
    await main.getByLabel('Username / email').fill(erin.username);
    await main.getByLabel('Password', { exact: true }).fill(erin.password);
    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/token');
    await page.goto(`${url}/personal`);
    await main.getByRole('button', { name: 'Register a passkey' }).click();
    await page.getByText('Passkey registered').first().waitFor();
    await main.getByText('Registered', { exact: true }).waitFor();
    await main.getByText('Not used yet').waitFor();

    // 2. She signs out from the avatar menu.
    await page.getByRole('banner').getByRole('button', { name: erin.username }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((address) => address.pathname === '/login');

    // 3. And signs in with the passkey alone (a discoverable credential: no name typed).
    await main.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((address) => address.pathname === '/token');
    const self = await selfOf(page);
    assert.equal(self.username, erin.username);
    await page.goto(`${url}/personal`);
    await main.getByText(/^Last used: /).waitFor();
    assert.deepEqual(pageErrors, []);

    // The screens, in both languages and themes, on a laptop and a 375 px phone.
    const state = await page.context().storageState();
    await forEachVariant(browser, allVariants(), undefined, async (view, variant) => {
      await prepareContext(view.context());
      const name = variantName(variant);
      await view.goto(`${url}/login`);
      await view
        .getByRole('button', { name: consoleText(variant.language, 'passkeys:login.button') })
        .waitFor();
      await assertNoRawTranslationKeys(view, 'login');
      await screenshot(view, `passkey-login-${name}`);
    });
    await forEachVariant(browser, allVariants(), state, async (view, variant) => {
      await prepareContext(view.context());
      const name = variantName(variant);
      await view.goto(`${url}/personal`);
      await view.getByText(consoleText(variant.language, 'passkeys:card.replace')).waitFor();
      await assertNoRawTranslationKeys(view, 'personal');
      await screenshot(view, `passkey-personal-${name}`);
      await sectionShot(view.getByTestId('passkey-card'), `passkey-card-${name}`);
    });
    const rootState = await rootApi.storageState();
    await forEachVariant(browser, allVariants(), rootState, async (view, variant) => {
      await prepareContext(view.context());
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
  } finally {
    await rootApi.dispose();
  }
}
