import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createMockUpstream, type MockUpstream } from '@tollgate/mock-upstream';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from 'playwright-core';
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
import { startServer, type ServerProcess } from './support/server-process.js';
import { recordFailure } from './support/failure-record.js';

const root = { username: 'root', password: 'root-pass-2024' };
const tabs = ['operation', 'ratelimit', 'models', 'system', 'other', 'performance'] as const;

let browser: Browser | undefined;
let server: ServerProcess | undefined;
let upstream: MockUpstream | undefined;
let peer: Server | undefined;

after(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.close();
  peer?.close();
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** The console API as the signed-in browser context calls it. */
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

/** Another gateway answering its ratios, as a ratio sync source. */
async function startPeerInstance(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url !== '/api/ratio_config') return void response.writeHead(404).end('{}');
    response.end(JSON.stringify({ success: true, data: { model_ratio: { 'gpt-4o-mini': 0.5 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function option(api: ReturnType<typeof consoleApi>, key: string): Promise<string> {
  const entries = (await api.get('/api/option/')) as { key: string; value: string }[];
  return entries.find((entry) => entry.key === key)?.value ?? '';
}

test('a root operator runs the site from /setting alone', async () => {
  // Each part is kept as soon as it has started, so `after` closes it even when another fails
  // to start (a browser or listening mock left open would keep the test file from ever ending).
  const [theBrowser, mock, theServer, thePeer] = await Promise.all([
    launchBrowser().then((started) => (browser = started)),
    createMockUpstream().then((started) => (upstream = started)),
    startServer({
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    }).then((started) => (server = started)),
    startPeerInstance().then((started) => ((peer = started.server), started)),
  ]);
  const url = theServer.url;
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...root, confirmPassword: root.password }),
  });
  assert.equal(((await setup.json()) as Envelope).success, true);

  // Sign in through the form once; every variant below reuses the session.
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(theBrowser, english);
  const main = page.getByRole('main');
  await page.goto(`${url}/login`);
  await main.getByLabel('Username / email').fill(root.username);
  await main.getByLabel('Password', { exact: true }).fill(root.password);
  const [login] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
    main.getByRole('button', { name: 'Log in' }).click(),
  ]);
  await page.waitForURL(`${url}/token`);
  const userId = Number(((await login.json()) as { data?: { id?: unknown } }).data?.id);
  const api = consoleApi(context.request, url, userId);
  const signedIn: BrowserContextOptions['storageState'] = await context.storageState();

  // A channel serving a priced model and one nobody priced yet; a token to call them with.
  await api.post('/api/channel/', {
    mode: 'single',
    channel: {
      type: 1,
      name: 'mock',
      key: 'sk-mock',
      base_url: mock.url,
      models: 'gpt-4o-mini,unpriced-model',
      group: 'default',
    },
  });
  await api.post('/api/channel/', {
    mode: 'single',
    channel: {
      type: 1,
      name: 'mapped',
      key: 'sk-mock',
      base_url: mock.url,
      models: 'alias-model',
      group: 'default',
      model_mapping: JSON.stringify({ 'alias-model': 'gpt-4o-mini' }),
    },
  });
  // A Custom channel in front of another gateway: a ratio sync source.
  await api.post('/api/channel/', {
    mode: 'single',
    channel: {
      type: 8,
      name: 'peer gateway',
      key: 'sk-peer',
      base_url: `${thePeer.url}/v1/chat/completions`,
      models: 'peer-model',
      group: 'default',
    },
  });
  await api.post('/api/token/', { name: 'settings', unlimited_quota: true });
  const tokens = (await api.get('/api/token/?p=0&size=20')) as { id: number }[];
  // Lists show keys masked; the reveal route gives the whole key.
  const revealed = (await api.post(`/api/token/${tokens[0].id}/key`, {})) as { key: string };
  const apiKey = `sk-${revealed.key.replace(/^sk-/, '')}`;
  const chat = (model: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const save = (section: string) =>
    main.getByRole('button', {
      name: text('settings:actions.save').replace('{{section}}', text(section)),
    });
  // The toast may still show from the previous save: the save's own writes are over only once
  // the network is idle too.
  const saved = async () => {
    await page.getByText(text('settings:messages.saved')).last().waitFor();
    await page.waitForLoadState('networkidle');
  };

  try {
    // Other: the system name appears in the top bar.
    // A notice typed meanwhile in another section stays while the options are read again.
    await page.goto(`${url}/setting?tab=other`);
    const notice = main.getByLabel(text('settings:other.notice'), { exact: true });
    await notice.fill('Maintenance on Sunday');
    await main.getByLabel(text('settings:other.systemName'), { exact: true }).fill('Acme Gateway');
    await save('settings:other.siteTitle').click();
    await saved();
    await page.getByRole('banner').getByText('Acme Gateway').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await notice.inputValue(), 'Maintenance on Sunday');

    // Operation: a JSON editor names the line where parsing stops.
    await page.goto(`${url}/setting?tab=operation`);
    const ratios = main.getByLabel(text('settings:ratios.json.modelRatio'), { exact: true });
    await ratios.fill('{\n  "a": 1,\n  "b" 2\n}');
    await ratios.blur();
    await main.getByText(/line 3, column/).waitFor();

    // The visual editor adds a model with a per-call price.
    await page.goto(`${url}/setting?tab=operation`);
    await main.getByRole('tab', { name: text('settings:ratios.tabs.visual') }).click();
    await main.getByRole('button', { name: text('settings:ratios.visual.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(text('settings:ratios.visual.name'), { exact: true })
      .fill('visual-model');
    await dialog.getByText(text('settings:ratios.visual.modes.perCall'), { exact: true }).click();
    await dialog.getByLabel(text('settings:ratios.visual.price'), { exact: true }).fill('0.25');
    await dialog.getByRole('button', { name: text('settings:actions.confirm') }).click();
    await main.getByRole('row').filter({ hasText: 'visual-model' }).first().waitFor();
    await main.getByRole('button', { name: text('settings:ratios.visual.save') }).click();
    await saved();
    assert.equal(JSON.parse(await option(api, 'ModelPrice'))['visual-model'], 0.25);

    // Unset models: the model a channel serves without a price gets a ratio; /pricing shows it.
    assert.equal((await chat('unpriced-model')).status, 403);
    await main.getByRole('tab', { name: text('settings:ratios.tabs.unset') }).click();
    const unsetRow = main.getByRole('row').filter({ hasText: 'unpriced-model' });
    await unsetRow.getByRole('checkbox').check();
    await main.getByLabel(text('settings:ratios.visual.ratio'), { exact: true }).fill('1.5');
    await main
      .getByRole('button', {
        name: text('settings:ratios.unset.apply').replace('{{count}}', '1'),
      })
      .click();
    await page.getByText(text('settings:ratios.unset.applied').replace('{{count}}', '1')).waitFor();
    await saveScreenshot(page, `settings-unset-models-${variantName(english)}`);
    assert.equal((await chat('unpriced-model')).status, 200);
    await page.goto(`${url}/pricing`);
    await main.getByText('unpriced-model').first().waitFor();

    // Upstream ratio sync: the peer's different ratio is picked and written into ModelRatio.
    await page.goto(`${url}/setting?tab=operation`);
    await main.getByRole('tab', { name: text('settings:ratios.tabs.sync') }).click();
    await main.getByRole('checkbox', { name: /peer gateway/ }).check();
    await main.getByRole('button', { name: text('settings:ratios.sync.fetch') }).click();
    await main.getByRole('checkbox', { name: 'gpt-4o-mini peer gateway' }).check();
    await main
      .getByRole('button', { name: text('settings:ratios.sync.apply').replace('{{count}}', '1') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('common:ok') })
      .click();
    await page.getByText(text('settings:ratios.sync.applied').replace('{{count}}', '1')).waitFor();
    assert.equal(JSON.parse(await option(api, 'ModelRatio'))['gpt-4o-mini'], 0.5);
    await main.getByText(text('settings:ratios.sync.noDifferences')).waitFor();
    await saveScreenshot(page, `settings-ratio-sync-${variantName(english)}`);

    // Models: pass-through sends the client's body untouched (no model mapping).
    const modelRatio = JSON.parse(await option(api, 'ModelRatio')) as Record<string, number>;
    await api.put('/api/option/', {
      key: 'ModelRatio',
      value: JSON.stringify({ ...modelRatio, 'alias-model': 0.075 }),
    });
    await page.goto(`${url}/setting?tab=models`);
    await main.getByLabel(text('settings:models.global.passThrough'), { exact: true }).click();
    await save('settings:models.global.title').click();
    await saved();
    mock.reset();
    assert.equal((await chat('alias-model')).status, 200);
    assert.equal((mock.lastRequest()?.body as { model?: string }).model, 'alias-model');

    // System: turning password sign-in off asks first (cancel keeps it on); registration closes.
    await page.goto(`${url}/setting?tab=system`);
    const passwordLogin = main.getByLabel(text('settings:system.login.passwordLogin'), {
      exact: true,
    });
    await passwordLogin.click();
    const question = page.getByRole('dialog').filter({
      hasText: text('settings:system.login.confirmPasswordOff'),
    });
    await question.getByRole('button', { name: text('common:cancel') }).click();
    await question.waitFor({ state: 'hidden' });
    assert.equal(await passwordLogin.getAttribute('aria-checked'), 'true');
    await main.getByLabel(text('settings:system.login.register'), { exact: true }).click();
    await save('settings:system.login.title').click();
    await saved();
    const register = await fetch(`${url}/api/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'newcomer', password: 'newcomer-pass-1' }),
    });
    assert.deepEqual(await register.json(), {
      success: false,
      message: '管理员关闭了新用户注册',
    });

    // Rate limit: two calls a minute, the third is refused.
    await page.goto(`${url}/setting?tab=ratelimit`);
    await main.getByLabel(text('settings:rateLimit.enabled'), { exact: true }).click();
    await main.getByLabel(text('settings:rateLimit.count'), { exact: true }).fill('2');
    await save('settings:rateLimit.title').click();
    await saved();
    const statuses = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await chat('gpt-4o-mini')).status);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.deepEqual(pageErrors, []);
  } catch (error) {
    await recordFailure([context], 'settings');
    throw error;
  } finally {
    await context.close();
  }

  // Every tab in both languages and both themes, on a laptop and on a phone.
  await forEachVariant(theBrowser, allVariants(), signedIn, async (variantPage: Page, variant) => {
    const first: Record<(typeof tabs)[number], string> = {
      operation: 'settings:operation.general.title',
      ratelimit: 'settings:rateLimit.title',
      models: 'settings:models.global.title',
      system: 'settings:system.general.title',
      other: 'settings:other.noticeTitle',
      performance: 'settings:performance.process',
    };
    await variantPage.goto(`${url}/setting`);
    for (const tab of tabs) {
      await openInConsole(variantPage, `/setting?tab=${tab}`);
      await variantPage
        .getByRole('main')
        .getByText(consoleText(variant.language, first[tab]), { exact: true })
        .first()
        .waitFor();
      const name = `settings-${tab}-${variantName(variant)}`;
      await assertNoRawTranslationKeys(variantPage, name);
      await saveScreenshot(variantPage, name);
    }
  });
});
