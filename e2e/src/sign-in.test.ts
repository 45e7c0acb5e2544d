import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { generate } from 'otplib';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { launchBrowser } from './support/browser.js';
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
import { startServer, type ServerProcess } from './support/server-process.js';
import {
  signTelegramLogin,
  startFakeSiteverify,
  startGitHubShapedServer,
  startOidcPeer,
  type FakeSiteverify,
  type GitHubShapedServer,
  type OidcPeer,
} from './support/sign-in-peers.js';
import { recordFailure } from './support/failure-record.js';
import { registerAndUsePasskey } from './journeys/passkey.js';
import { addTrustedProxyProvider } from './journeys/external-login.js';

const root = { username: 'root', password: 'root-pass-2024' };
const bob = { username: 'bob', password: 'bob-pass-2024' };
const GITHUB_CLIENT = { clientId: 'gh-e2e-client', clientSecret: 'gh-e2e-secret' };
const OIDC_CLIENT = { clientId: 'oidc-e2e-client', clientSecret: 'oidc-e2e-secret' };
const BOT_TOKEN = '123456:e2e-telegram-bot-token';
const TURNSTILE_SECRET = 'turnstile-e2e-secret';
const english: ConsoleVariant = { language: 'en', theme: 'light', viewport: 'desktop' };

let browser: Browser | undefined;
let server: ServerProcess | undefined;
let github: GitHubShapedServer | undefined;
let oidc: OidcPeer | undefined;
let siteverify: FakeSiteverify | undefined;
let rootApi: APIRequestContext | undefined;

after(async () => {
  await browser?.close();
  await rootApi?.dispose();
  await server?.stop();
  await Promise.all([github?.close(), oidc?.close(), siteverify?.close()]);
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** A console call as root; fails the test when refused. */
async function asRoot(method: 'GET' | 'POST' | 'PUT', pathname: string, data?: unknown) {
  const response = await rootApi!.fetch(pathname, {
    method,
    data,
    headers: { 'New-Api-User': '1' },
  });
  const body = (await response.json()) as Envelope;
  assert.equal(body.success, true, `${method} ${pathname}: ${String(body.message)}`);
  return body.data;
}

async function setOptions(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values))
    await asRoot('PUT', '/api/option/', { key, value });
}

/**
 * Keeps the browser on loopback: the provider pages GitHub would show are the fake's, the
 * Telegram widget script is an empty one (the test calls the widget's callback itself), the
 * Turnstile script draws one button that hands out `window.__turnstileToken`, and web fonts fail.
 */
async function routeThirdParties(context: BrowserContext) {
  await context.route('https://github.com/login/oauth/authorize**', (route) => {
    const asked = new URL(route.request().url());
    return route.fulfill({
      status: 302,
      headers: { location: `${github!.baseUrl}/login/oauth/authorize${asked.search}` },
    });
  });
  await context.route('https://telegram.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  await context.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: `window.turnstile = {
        render(container, options) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Verify you are human';
          button.onclick = () => options.callback(window.__turnstileToken || '');
          container.appendChild(button);
          return 'fake-widget';
        },
        remove() {},
      };`,
    }),
  );
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
}

let visitors = 0;

/** Every context the test opened: on a failure, the pages still open are recorded. */
const openedContexts: BrowserContext[] = [];

async function recordingFailures(journey: () => Promise<void>): Promise<void> {
  try {
    await journey();
  } catch (error) {
    await recordFailure(openedContexts, 'sign-in');
    throw error;
  }
}

/** A fresh browser context (its own cookies and its own client address) on the console. */
async function newPage(variant: ConsoleVariant = english) {
  const opened = await openConsoleContext(browser!, variant);
  openedContexts.push(opened.context);
  opened.context.setDefaultTimeout(30_000);
  visitors += 1;
  await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.9.0.${visitors}` });
  await routeThirdParties(opened.context);
  return opened;
}

/** `GET /api/user/self` as the page's signed-in user. */
async function selfOf(page: Page): Promise<Record<string, unknown>> {
  return (await page.evaluate(`(async () => {
    const user = JSON.parse(localStorage.getItem('user') || '{}');
    const response = await fetch('/api/user/self', { headers: { 'New-Api-User': String(user.id) } });
    return (await response.json()).data;
  })()`)) as Record<string, unknown>;
}

/** Walks the OpenID Provider's own login and consent forms. */
async function signInAtOidcProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').waitFor();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function passwordLogin(page: Page, user: { username: string; password: string }) {
  const main = page.getByRole('main');
  await page.goto(`${server!.url}/login`);
  await main.getByLabel('Username / email').fill(user.username);
  await main.getByLabel('Password', { exact: true }).fill(user.password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Waits until the page shows `pathname`, reading the address Playwright last saw every 100 ms
 * (the console moves between its own screens without page loads).
 */
async function waitForPath(page: Page, pathname: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (new URL(page.url()).pathname !== pathname) {
    if (Date.now() > deadline) throw new Error(`still at ${page.url()}, not ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function bindingRow(page: Page, kind: string) {
  return page.getByTestId(`binding-${kind}`);
}

/*
 * One site for the file: the third-party sign-ins first, then the passkey journey and the
 * trusted-proxy provider's on the same server and browser (one start of each instead of three).
 */
before(async () => {
  const people = { octo: { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' } };
  [github, siteverify] = await Promise.all([
    startGitHubShapedServer(GITHUB_CLIENT, people),
    startFakeSiteverify(TURNSTILE_SECRET),
  ]);
  // Each part is kept as soon as it has started, so `after` closes it even when another fails.
  await Promise.all([
    launchBrowser().then((started) => (browser = started)),
    startServer({
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
      // Each browser context below comes from its own address (X-Forwarded-For), so the per-address
      // limit of the sign-in routes (20 in 20 minutes) counts each visitor apart, as in real life.
      TRUSTED_PROXIES: '127.0.0.1',
      // The OpenID Provider is on loopback: allowed explicitly, as an operator would.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      DEBUG: 'false',
      GITHUB_OAUTH_BASE_URL: github.baseUrl,
      GITHUB_API_BASE_URL: github.baseUrl,
      TURNSTILE_SITEVERIFY_URL: siteverify.url,
    }).then((started) => (server = started)),
  ]);
  const url = server!.url;
  github.consoleOrigin = url;
  oidc = await startOidcPeer(
    OIDC_CLIENT,
    url,
    {
      'oidc-alice': { name: 'Alice', preferred_username: 'alice', email: 'alice@example.com' },
      'acme-carol': { name: 'Carol', preferred_username: 'carol', email: 'carol@example.com' },
    },
    ['/oauth/oidc', '/oauth/acme'],
  );
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...root, confirmPassword: root.password }),
  });
  assert.equal(((await setup.json()) as Envelope).success, true);
});

test(
  'sign-in through OIDC, a custom provider, GitHub and Telegram, binding, two-factor and Turnstile',
  { timeout: 420_000 },
  () =>
    recordingFailures(async () => {
      assert.ok(browser && server && github && oidc && siteverify, 'the site did not start');
      const url = server.url;
      const discovery = (await (await fetch(oidc.wellKnown)).json()) as Record<string, string>;

      rootApi = await playwrightRequest.newContext({
        baseURL: url,
        extraHTTPHeaders: { 'X-Forwarded-For': '10.9.1.1' },
      });
      await asRoot('POST', '/api/user/login', root);
      await setOptions({
        ServerAddress: url,
        GitHubClientId: GITHUB_CLIENT.clientId,
        GitHubClientSecret: GITHUB_CLIENT.clientSecret,
        GitHubOAuthEnabled: 'true',
        'oidc.client_id': OIDC_CLIENT.clientId,
        'oidc.client_secret': OIDC_CLIENT.clientSecret,
        'oidc.well_known': oidc.wellKnown,
        'oidc.authorization_endpoint': discovery.authorization_endpoint,
        'oidc.token_endpoint': discovery.token_endpoint,
        'oidc.user_info_endpoint': discovery.userinfo_endpoint,
        'oidc.enabled': 'true',
        TelegramBotToken: BOT_TOKEN,
        TelegramBotName: 'tollgate_e2e_bot',
        TelegramOAuthEnabled: 'true',
        LinuxDOClientId: 'linuxdo-e2e-client',
        LinuxDOOAuthEnabled: 'true',
        WeChatServerAddress: 'http://127.0.0.1:9',
        WeChatAuthEnabled: 'true',
      });
      await asRoot('POST', '/api/user/', { ...bob, display_name: 'Bob' });
      // 1. A visitor signs up through the OpenID Provider's real login and consent forms.
      {
        const { context, page, pageErrors } = await newPage();
        await page.goto(`${url}/login`);
        await page.getByRole('button', { name: 'Log in with OIDC' }).click();
        await signInAtOidcProvider(page, 'oidc-alice');
        await waitForPath(page, '/token');
        const self = await selfOf(page);
        assert.equal(self.oidc_id, 'oidc-alice');
        assert.equal(self.username, 'alice');
        assert.deepEqual(pageErrors, []);
        await context.close();
      }
      // 1b. Root adds a custom provider (same OpenID Provider); a visitor signs up through it.
      await asRoot('POST', '/api/custom-oauth-provider/', {
        name: 'Acme SSO',
        slug: 'acme',
        enabled: true,
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        well_known: oidc.wellKnown,
        authorization_endpoint: discovery.authorization_endpoint,
        auto_register: true,
      });
      {
        const { context, page } = await newPage();
        await page.goto(`${url}/login`);
        await page.getByRole('button', { name: 'Log in with Acme SSO' }).click();
        await signInAtOidcProvider(page, 'acme-carol');
        await waitForPath(page, '/token');
        assert.equal((await selfOf(page)).username, 'carol');
        await context.close();
      }
      // 2. Bob binds GitHub in the bindings card, and is refused Alice's OIDC identity.
      const bobPage = await newPage();
      {
        const { page } = bobPage;
        await passwordLogin(page, bob);
        await waitForPath(page, '/token');
        await page.goto(`${url}/personal`);
        await assertNoRawTranslationKeys(page, 'personal bindings');
        const githubRow = bindingRow(page, 'github');
        await githubRow.getByText('Not bound').waitFor();
        await githubRow.getByRole('button', { name: 'Bind' }).click();
        await page.getByRole('button', { name: 'Authorize as octocat' }).click();
        await waitForPath(page, '/personal');
        await page.getByText(consoleText('en', 'auth:oauth.bound')).first().waitFor();
        await githubRow.getByText('octocat').waitFor();
        assert.equal(github.exchanges, 1);

        await bindingRow(page, 'oidc').getByRole('button', { name: 'Bind' }).click();
        await signInAtOidcProvider(page, 'oidc-alice');
        await page.getByText('This OIDC account is already bound').first().waitFor();
        await waitForPath(page, '/personal');
        await bindingRow(page, 'oidc').getByText('Not bound').waitFor();
        assert.equal((await selfOf(page)).oidc_id, '');

        // Telegram: the widget's signed answer, handed to the callback the widget would call.
        const telegramUser = signTelegramLogin(
          { id: 7_700_001, first_name: 'Bob', username: 'bob_tg' },
          BOT_TOKEN,
        );
        await page.waitForFunction('typeof window.onTollgateTelegramBind === "function"');
        await page.evaluate(`window.onTollgateTelegramBind(${JSON.stringify(telegramUser)})`);
        await bindingRow(page, 'telegram').getByText('7700001').waitFor();
      }
      // 3. A visitor signs in as Bob through GitHub and through Telegram.
      {
        const { context, page } = await newPage();
        await page.goto(`${url}/login`);
        await page.getByRole('button', { name: 'Log in with GitHub' }).click();
        await page.getByRole('button', { name: 'Authorize as octocat' }).click();
        await waitForPath(page, '/token');
        assert.equal((await selfOf(page)).username, bob.username);
        await context.close();
      }
      {
        const { context, page } = await newPage();
        await page.goto(`${url}/login`);
        await page.waitForFunction('typeof window.onTollgateTelegramAuth === "function"');
        const answer = signTelegramLogin(
          { id: 7_700_001, first_name: 'Bob', username: 'bob_tg' },
          BOT_TOKEN,
        );
        await page.evaluate(`window.onTollgateTelegramAuth(${JSON.stringify(answer)})`);
        await waitForPath(page, '/');
        assert.equal((await selfOf(page)).username, bob.username);
        // A forged answer signs nobody in.
        const forged = { ...answer, id: 7_700_002 };
        const refused = (await page.evaluate(`fetch('/api/oauth/telegram/login?' +
      new URLSearchParams(${JSON.stringify(forged)})).then((response) => response.json())`)) as Envelope;
        assert.deepEqual(refused, { success: false, message: 'Invalid request' });
        await context.close();
      }
      // 4. Bob turns two-factor sign-in on in personal settings; signing in then asks for a code.
      let backupCode = '';
      let totpSecret = '';
      {
        const { page } = bobPage;
        await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
        const secretText = page.getByTestId('totp-secret');
        await secretText.waitFor();
        totpSecret = (await secretText.textContent()) ?? '';
        const dialog = page.getByRole('dialog');
        await dialog
          .getByPlaceholder(consoleText('en', 'twoFactor:code.totpPlaceholder'))
          .fill(await generate({ secret: totpSecret }));
        await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
        const codes = page.getByTestId('backup-codes');
        await codes.waitFor();
        backupCode = ((await codes.locator('code').first().textContent()) ?? '').trim();
        assert.ok(backupCode.length > 0);
        await page.getByRole('button', { name: 'I have saved them' }).click();
      }
      {
        const { context, page } = await newPage();
        await passwordLogin(page, bob);
        const code = page.getByTestId('two-factor-code');
        await code.waitFor();
        // The next step's code: the one that turned it on is spent.
        await code.fill(
          await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }),
        );
        await page
          .getByRole('button', { name: consoleText('en', 'twoFactor:login.submit') })
          .click();
        await waitForPath(page, '/token');
        assert.equal((await selfOf(page)).username, bob.username);
        await context.close();
      }
      {
        // GitHub signs Bob in only after the code step too.
        const { context, page } = await newPage();
        await page.goto(`${url}/login`);
        await page.getByRole('button', { name: 'Log in with GitHub' }).click();
        await page.getByRole('button', { name: 'Authorize as octocat' }).click();
        const code = page.getByTestId('two-factor-code');
        await code.waitFor();
        assert.match(page.url(), /\/oauth\/github\?/);
        await code.fill(backupCode);
        await page
          .getByRole('button', { name: consoleText('en', 'twoFactor:login.submit') })
          .click();
        await waitForPath(page, '/token');
        assert.equal((await selfOf(page)).username, bob.username);
        await context.close();
      }
      // 5. The screens: the login page with its third-party buttons, the bindings and 2FA cards.
      const bobState = await bobPage.context.storageState();
      await bobPage.context.close();
      await forEachVariant(browser, allVariants(), undefined, async (page, variant) => {
        await routeThirdParties(page.context());
        const name = variantName(variant);
        await page.goto(`${url}/login`);
        await page
          .getByRole('button', { name: consoleText(variant.language, 'auth:thirdParty.github') })
          .waitFor();
        await assertNoRawTranslationKeys(page, `login ${name}`);
        await saveScreenshot(page, `sign-in-login-${name}`);
      });
      await forEachVariant(browser, allVariants(), bobState, async (page, variant) => {
        await routeThirdParties(page.context());
        const name = variantName(variant);
        await page.goto(`${url}/personal`);
        await bindingRow(page, 'github').getByText('octocat').waitFor();
        await page
          .getByText(consoleText(variant.language, 'twoFactor:card.enabled'), { exact: true })
          .waitFor();
        await assertNoRawTranslationKeys(page, `personal ${name}`);
        await saveScreenshot(page, `sign-in-personal-${name}`);
      });
      // 6. Turnstile on: a login without a token, or with one Cloudflare refuses, is turned away.
      await setOptions({
        TurnstileSiteKey: '1x00000000000000000000AA',
        TurnstileSecretKey: TURNSTILE_SECRET,
        TurnstileCheckEnabled: 'true',
      });
      {
        const { context, page } = await newPage();
        const bare = await context.request.post(`${url}/api/user/login`, { data: root });
        assert.deepEqual(await bare.json(), { success: false, message: 'Turnstile token 为空' });

        await page.goto(`${url}/login`);
        const main = page.getByRole('main');
        await main.getByLabel('Username / email').fill(root.username);
        await main.getByLabel('Password', { exact: true }).fill(root.password);
        // No token yet: the console waits for the check instead of asking the server.
        await main.getByRole('button', { name: 'Log in', exact: true }).click();
        await page.getByText(consoleText('en', 'auth:turnstile.pending')).first().waitFor();

        await page.evaluate(`window.__turnstileToken = '0.forged-token'`);
        await page.getByRole('button', { name: 'Verify you are human' }).click();
        await main.getByRole('button', { name: 'Log in', exact: true }).click();
        await page
          .getByText('Turnstile verification failed, please refresh and try again!')
          .first()
          .waitFor();
        assert.equal(new URL(page.url()).pathname, '/login');

        await page.evaluate(`window.__turnstileToken = ${JSON.stringify(siteverify.issueToken())}`);
        await page.getByRole('button', { name: 'Verify you are human' }).click();
        await main.getByRole('button', { name: 'Log in', exact: true }).click();
        await waitForPath(page, '/token');
        await context.close();
      }
    }),
);

test(
  'registers a passkey on the personal page, signs out, and signs in with it',
  { timeout: 300_000 },
  async () => {
    assert.ok(browser && server, 'the site did not start');
    // The journey signs in with passwords, which the Turnstile check left on above would refuse.
    if (rootApi) await setOptions({ TurnstileCheckEnabled: 'false' });
    // WebAuthn wants a domain as relying party id and a secure context: localhost is both.
    const url = server.url.replace('127.0.0.1', 'localhost');
    await registerAndUsePasskey(browser, url, routeThirdParties);
  },
);

test(
  'root adds a trusted-proxy provider in the console and the proxy signs people in',
  { timeout: 120_000 },
  async () => {
    assert.ok(browser && server, 'the site did not start');
    // After the passkey journey, which turned the Turnstile check off.
    await addTrustedProxyProvider(browser, server.url, routeThirdParties);
  },
);
