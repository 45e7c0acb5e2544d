import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createMockUpstream, type MockUpstream } from '@tollgate/mock-upstream';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openInConsole,
  openConsoleContext,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from './support/console-page.js';
import { consoleText } from './support/console-text.js';
import { startMetadataSource, type MetadataSource } from './support/metadata-source.js';
import { walkEveryRouteAs } from './support/role-walk.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { initialiseSite, root } from './support/site-setup.js';
import { enableAndUseCheckin } from './journeys/checkin.js';
import { chooseLanguageFromBrowser } from './journeys/languages.js';
import {
  buildModelCatalogue,
  catalogueMetadataModels,
  catalogueMetadataVendors,
} from './journeys/model-catalogue.js';
import { savePrefillListAndDetectUpstream } from './journeys/prefill-groups.js';

const member = { username: 'alice', password: 'alice-pass-2024', displayName: 'Alice Liddell' };
/** An administrator below root (role 10): the admin screens, not the root-only settings. */
const admin = { username: 'bob', password: 'bob-pass-2024', displayName: 'Bob Admin' };

// One run loads pages and calls the API more often than the default per-IP limits allow; the
// limits have their own tests.
const serverEnvironment = {
  GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
  GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
};

let browser: Browser | undefined;
const servers: ServerProcess[] = [];
/** A fresh site for the setup wizard's walkthrough (it initialises the site in self-use mode). */
let wizardSite: ServerProcess | undefined;
/**
 * A fresh site for the screens test, which initialises it (root, a plain user, an admin,
 * channel 1); the journeys after it run on it too, for one server start instead of one each.
 * Its model catalogue syncs from a local stand-in for the official metadata; the upstream
 * detection journey probes the mock upstream.
 */
let site: ServerProcess | undefined;
let upstream: MockUpstream | undefined;
let metadataSource: MetadataSource | undefined;

// Both servers start beside the browser: each spends its start-up mostly waiting.
before(async () => {
  metadataSource = await startMetadataSource(catalogueMetadataModels, catalogueMetadataVendors);
  const siteEnvironment = {
    SYNC_UPSTREAM_BASE: metadataSource.url,
    // The metadata source is on loopback: allowed explicitly, as an operator would.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  };
  await Promise.all([
    launchBrowser().then((started) => (browser = started)),
    createMockUpstream().then((started) => (upstream = started)),
    freshServer().then((started) => (wizardSite = started)),
    freshServer(siteEnvironment).then((started) => (site = started)),
  ]);
});

after(async () => {
  await browser?.close();
  await upstream?.close();
  await metadataSource?.close();
  await Promise.all(servers.map((server) => server.stop()));
  for (const server of servers) rmSync(server.dataDirectory, { recursive: true, force: true });
});

async function freshServer(environment: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ ...serverEnvironment, ...environment });
  servers.push(server);
  return server;
}

function running(server: ServerProcess | undefined): ServerProcess {
  assert.ok(server, 'the server did not start');
  return server;
}

function openBrowser(): Browser {
  assert.ok(browser, 'the browser did not start');
  return browser;
}

/** Screenshot plus the check that nothing on the screen is an untranslated key. */
async function recordScreen(page: Page, name: string): Promise<void> {
  await assertNoRawTranslationKeys(page, name);
  await saveScreenshot(page, name);
}

test('a person sets up Tollgate, adds a user, and that user sees their balance', async () => {
  const server = running(wizardSite);
  const at = (pathname: string) => `${server.url}${pathname}`;
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const { context, page, pageErrors } = await openConsoleContext(openBrowser(), english);
  const main = page.getByRole('main');
  const header = page.locator('header');
  const sidebar = page.locator('aside');

  try {
    // 1. A fresh site sends everyone to the setup wizard, which creates the root account.
    await page.goto(at('/'));
    await page.waitForURL(at('/setup'));
    await main.getByRole('heading', { name: 'System initialisation' }).waitFor();
    await main.getByLabel('Username').fill(root.username);
    await main.getByLabel('Password', { exact: true }).fill(root.password);
    await main.getByLabel('Confirm password').fill(root.password);
    await main.getByRole('radio', { name: 'Self-use mode' }).check();
    await recordScreen(page, 'walkthrough-01-setup');
    await main.getByRole('button', { name: 'Initialise system' }).click();
    await page.getByText('System initialised, redirecting...').waitFor();
    // The wizard reloads the console, which now has a root user and leaves /setup for home.
    await page.waitForURL(at('/'));
    await header.getByText('Self-use mode').waitFor();
    await main.getByText('System information', { exact: true }).waitFor();
    await recordScreen(page, 'walkthrough-02-home');

    // 2. Sign in as root; a wrong password first shows the server's own message.
    await header.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(at('/login'));
    await main.getByLabel('Username / email').fill(root.username);
    await main.getByLabel('Password', { exact: true }).fill('not-the-password');
    const [refusal] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
      main.getByRole('button', { name: 'Log in' }).click(),
    ]);
    const refusalBody = (await refusal.json()) as { success?: unknown; message?: unknown };
    assert.equal(refusalBody.success, false);
    assert.ok(typeof refusalBody.message === 'string' && refusalBody.message !== '');
    await page.getByText(refusalBody.message, { exact: true }).waitFor();
    assert.equal(page.url(), at('/login'));
    await recordScreen(page, 'walkthrough-03-login-refused');

    await main.getByLabel('Password', { exact: true }).fill(root.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(at('/token'));
    await page.getByText('Logged in!').waitFor();
    // /token may be the key list or the "not available" page, depending on the version.
    await header.getByRole('button', { name: root.username }).waitFor();
    await recordScreen(page, 'walkthrough-04-token');

    // 3. User management: add a user and find it in the list.
    await sidebar.getByRole('menuitem', { name: 'User management' }).click();
    await page.waitForURL(at('/user'));
    await main.getByText(root.username, { exact: true }).waitFor();
    await recordScreen(page, 'walkthrough-05-user-list');
    await main.getByRole('button', { name: 'Add user' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add user' });
    await drawer.getByLabel('Username').fill(member.username);
    await drawer.getByLabel('Display name').fill(member.displayName);
    await drawer.getByLabel('Password').fill(member.password);
    await recordScreen(page, 'walkthrough-06-add-user');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('User account created!').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const memberRow = main.getByRole('row').filter({ hasText: member.displayName });
    await memberRow.getByText(member.username, { exact: true }).waitFor();
    await recordScreen(page, 'walkthrough-07-user-added');

    // 4. Sign out from the avatar menu.
    await header.getByRole('button', { name: root.username }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(at('/login'));
    await page.getByText('Logged out!').waitFor();

    // 5. The new user signs in and finds their balance in personal settings.
    await main.getByLabel('Username / email').fill(member.username);
    await main.getByLabel('Password', { exact: true }).fill(member.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(at('/token'));
    await header.getByRole('button', { name: member.username }).waitFor();
    await sidebar.getByRole('menuitem', { name: 'Personal settings' }).click();
    await page.waitForURL(at('/personal'));
    const balance = main.getByTestId('balance');
    await balance.getByText('Current balance').waitFor();
    // QuotaForNewUser is 0 and currency display is on by default: formatQuota(0) is `$0.00`.
    await balance.getByText('$0.00', { exact: true }).waitFor();
    await main.getByText(member.username, { exact: true }).first().waitFor();
    await recordScreen(page, 'walkthrough-08-personal');

    assert.deepEqual(pageErrors, [], 'the console threw in the browser');
  } finally {
    await context.close();
  }
});

/** Signs in as root through the login form once; adds a plain user, an admin and a channel. */
async function signInAsRoot(url: string): Promise<BrowserContextOptions['storageState']> {
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const { context, page } = await openConsoleContext(openBrowser(), english);
  try {
    const main = page.getByRole('main');
    await page.goto(`${url}/login`);
    await main.getByLabel('Username / email').fill(root.username);
    await main.getByLabel('Password', { exact: true }).fill(root.password);
    const [login] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
      main.getByRole('button', { name: 'Log in' }).click(),
    ]);
    await page.waitForURL(`${url}/token`);
    const loginBody = (await login.json()) as { data?: { id?: unknown } };
    for (const [account, role] of [
      [member, 1],
      [admin, 10],
    ] as const) {
      const created = await context.request.post(`${url}/api/user/`, {
        headers: { 'New-Api-User': String(loginBody.data?.id) },
        data: {
          username: account.username,
          password: account.password,
          display_name: account.displayName,
          role,
        },
      });
      assert.equal(((await created.json()) as { success?: unknown }).success, true);
    }
    // Channel 1, for the channel editor's /channel/edit/1.
    const channel = await context.request.post(`${url}/api/channel/`, {
      headers: { 'New-Api-User': String(loginBody.data?.id) },
      data: {
        mode: 'single',
        channel: { type: 1, name: 'walk', key: 'sk-walk', models: 'gpt-4o-mini', group: 'default' },
      },
    });
    assert.equal(((await channel.json()) as { success?: unknown }).success, true);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

test('every screen in both languages and both themes, on a laptop and on a phone; every route as a plain user and as an admin', async () => {
  const server = running(site);
  const at = (pathname: string) => `${server.url}${pathname}`;
  const variants = allVariants();
  const text = (variant: ConsoleVariant, key: string) => consoleText(variant.language, key);
  const record = (page: Page, screen: string, variant: ConsoleVariant) =>
    recordScreen(page, `${screen}-${variantName(variant)}`);

  // The wizard exists only until the site is initialised.
  await forEachVariant(openBrowser(), variants, undefined, async (page, variant) => {
    await page.goto(at('/setup'));
    await page.getByRole('heading', { name: text(variant, 'setup:title') }).waitFor();
    await record(page, 'setup', variant);
  });
  await initialiseSite(server.url);

  await forEachVariant(openBrowser(), variants, undefined, async (page, variant) => {
    await page.goto(at('/login'));
    await page.getByRole('heading', { name: text(variant, 'auth:login.title') }).waitFor();
    await record(page, 'login', variant);
  });

  const signedIn = await signInAsRoot(server.url);
  await forEachVariant(openBrowser(), variants, signedIn, async (page, variant) => {
    const main = page.getByRole('main');
    await page.goto(at('/personal'));
    await main
      .getByTestId('balance')
      .getByText(text(variant, 'personal:summary.balance'))
      .waitFor();
    await record(page, 'personal', variant);

    // Changing the password asks for the current one first.
    await main.getByRole('button', { name: text(variant, 'personal:password.open') }).click();
    const passwordDialog = page
      .getByRole('dialog')
      .filter({ hasText: text(variant, 'personal:password.title') });
    await passwordDialog.getByLabel(text(variant, 'personal:password.current')).waitFor();
    // Let the dialog's opening animation finish, or the picture shows a blur.
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
    await record(page, 'change-password-dialog', variant);
    await passwordDialog.getByRole('button', { name: text(variant, 'common:cancel') }).click();
    await passwordDialog.waitFor({ state: 'hidden' });

    await openInConsole(page, '/no-such-page');
    await main.getByText(text(variant, 'shell:notFound.title'), { exact: true }).waitFor();
    await record(page, 'not-found', variant);

    await openInConsole(page, '/about');
    await main.getByText(text(variant, 'content:about.emptyHint'), { exact: true }).waitFor();
    await record(page, 'about', variant);

    await openInConsole(page, '/');
    await main.getByText(text(variant, 'content:home.systemInfo'), { exact: true }).waitFor();
    await record(page, 'home', variant);

    await openInConsole(page, '/user');
    await main.getByText(member.displayName, { exact: true }).waitFor();
    await record(page, 'user-list', variant);

    await main.getByRole('button', { name: text(variant, 'users:add.open') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: text(variant, 'users:add.title') });
    await drawer.getByLabel(text(variant, 'users:fields.displayName')).waitFor();
    await record(page, 'add-user-drawer', variant);
  });

  // The roles below root, side by side, in one look (the walk checks calls and toasts, not layout).
  const walks = await Promise.allSettled([
    walkEveryRouteAs(openBrowser(), server.url, member, 1),
    walkEveryRouteAs(openBrowser(), server.url, admin, 10),
  ]);
  for (const walk of walks) if (walk.status === 'rejected') throw walk.reason;
});

// On the site the screens test initialised, after its walks (the check-in stays off for them).
test('an operator enables the daily check-in and a user checks in once', () =>
  enableAndUseCheckin(openBrowser(), running(site).url));

test("a visitor's browser language chooses the console's, and the menu changes it", () =>
  chooseLanguageFromBrowser(openBrowser(), running(site).url));

test('an admin saves and inserts a model list and detects a channel upstream', () => {
  assert.ok(upstream, 'the mock upstream did not start');
  return savePrefillListAndDetectUpstream(openBrowser(), running(site).url, upstream.url);
});

test('an admin builds the model catalogue, syncs it, and /pricing filters by its vendors', () =>
  buildModelCatalogue(openBrowser(), running(site).url));
