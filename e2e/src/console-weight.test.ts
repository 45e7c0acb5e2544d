import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, test } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { openConsoleContext, type ConsoleVariant } from './support/console-page.js';
import { consoleText, type ConsoleLanguage } from './support/console-text.js';
import { startServer, type ServerProcess } from './support/server-process.js';

/**
 * The console's weight: bytes on the wire (headers and compressed bodies, as Chromium counts them)
 * for the first load of a page with an empty cache. Budgets of the performance section in the
 * README; new-api's console loads 884 KB on its first page.
 */
const budgets = { public: 350_000, channel: 500_000 } as const;

const root = { username: 'root', password: 'root-pass-2024' };

let browser: Browser | undefined;
let server: ServerProcess | undefined;

after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

interface Weight {
  bytes: number;
  requests: number;
  /** Bytes per path, to show where a page's weight comes from. */
  byPath: Map<string, number>;
}

/**
 * Opens `pathname` in a fresh context (empty cache), waits until `ready` is on screen and the
 * network is quiet, and sums what every request of the page moved over the wire.
 */
async function firstLoad(
  variant: ConsoleVariant,
  pathname: string,
  ready: string,
  storageState?: BrowserContextOptions['storageState'],
): Promise<Weight> {
  if (!browser || !server) throw new Error('not started');
  const { context, page, pageErrors } = await openConsoleContext(browser, variant, storageState);
  try {
    const cdp = await context.newCDPSession(page);
    const weight: Weight = { bytes: 0, requests: 0, byPath: new Map() };
    const paths = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      paths.set(event.requestId, new URL(event.request.url).pathname);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const path = paths.get(event.requestId) ?? '?';
      weight.bytes += event.encodedDataLength;
      weight.requests += 1;
      weight.byPath.set(path, (weight.byPath.get(path) ?? 0) + event.encodedDataLength);
    });
    await cdp.send('Network.enable');
    await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
    await page.getByText(ready, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(pageErrors, [], `the console threw on ${pathname}`);
    return weight;
  } finally {
    await context.close();
  }
}

async function postJson(pathname: string, body: unknown): Promise<void> {
  const response = await fetch(`${server?.url}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success?: unknown; message?: unknown };
  assert.equal(envelope.success, true, `${pathname}: ${String(envelope.message)}`);
}

/** Signs in through the login page (warming nothing the measured contexts use). */
async function signIn(page: Page, language: ConsoleLanguage): Promise<void> {
  const main = page.getByRole('main');
  await page.goto(`${server?.url}/login`);
  await main.getByLabel(consoleText(language, 'auth:login.username')).fill(root.username);
  await main
    .getByLabel(consoleText(language, 'auth:login.password'), { exact: true })
    .fill(root.password);
  await main.getByRole('button', { name: consoleText(language, 'auth:login.submit') }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

test('the first load of each console page stays within its budget on the wire', async () => {
  server = await startServer();
  browser = await launchBrowser();
  const figures: { page: string; language: ConsoleLanguage; weight: Weight; budget: number }[] = [];

  for (const language of ['zh', 'en'] as const) {
    const variant: ConsoleVariant = { language, theme: 'light', viewport: 'desktop' };
    const text = (key: string) => consoleText(language, key);
    const measure = async (
      page: string,
      pathname: string,
      ready: string,
      budget: number,
      storageState?: BrowserContextOptions['storageState'],
    ) => {
      const weight = await firstLoad(variant, pathname, ready, storageState);
      figures.push({ page, language, weight, budget });
    };

    if (language === 'zh') {
      // A fresh install: every page is the setup wizard until it is done.
      await measure('/ (fresh install: setup)', '/', text('setup:title'), budgets.public);
      await measure('/setup', '/setup', text('setup:title'), budgets.public);
      await postJson('/api/setup', {
        username: root.username,
        password: root.password,
        confirmPassword: root.password,
        SelfUseModeEnabled: false,
        DemoSiteEnabled: false,
      });
    }
    await measure('/login', '/login', text('auth:login.username'), budgets.public);
    await measure('/', '/', text('content:home.systemInfo'), budgets.public);

    const { context, page } = await openConsoleContext(browser, variant);
    await signIn(page, language);
    const signedIn = await context.storageState();
    await context.close();
    await measure('/channel (root)', '/channel', text('channels:title'), budgets.channel, signedIn);
  }

  for (const { page, language, weight, budget } of figures) {
    console.log(
      `${`${page} [${language}]`.padEnd(34)} ${kilobytes(weight.bytes).padStart(10)} in ${String(weight.requests).padStart(2)} requests (budget ${kilobytes(budget)})`,
    );
    if (process.env.CONSOLE_WEIGHT_DETAIL !== '1') continue;
    const largest = [...weight.byPath].sort((left, right) => right[1] - left[1]).slice(0, 8);
    for (const [path, bytes] of largest)
      console.log(`    ${kilobytes(bytes).padStart(10)}  ${path}`);
  }
  const over = figures.filter(({ weight, budget }) => weight.bytes > budget);
  assert.deepEqual(
    over.map(({ page, language, weight }) => `${page} [${language}] ${kilobytes(weight.bytes)}`),
    [],
    'pages over their budget on the wire',
  );
});
