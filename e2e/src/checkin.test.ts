import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotDirectory } from './support/browser.js';
import {
  allVariants,
  forEachVariant,
  openConsoleContext,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from './support/console-page.js';
import { consoleText, type ConsoleLanguage } from './support/console-text.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const root = { username: 'root', password: 'root-pass-2024' };
/** One dollar at the default 500 000 quota per unit: the reward is fixed so the balance is known. */
const REWARD = 500_000;

let browser: Browser | undefined;
let server: ServerProcess | undefined;

after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

async function initialiseSite(url: string): Promise<void> {
  const response = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: root.username,
      password: root.password,
      confirmPassword: root.password,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    }),
  });
  assert.equal(((await response.json()) as { success?: unknown }).success, true, 'setup failed');
}

/** The console's balance text (`$12.34`) as a number of dollars. */
async function balanceDollars(page: Page): Promise<number> {
  const text = await page.getByTestId('balance').locator('.ant-statistic-content').innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

/**
 * Fails when the card shows an untranslated key of its own or an unfilled placeholder (only the
 * card: the rest of the page belongs to other screens' tests).
 */
async function assertCardTranslated(page: Page, screen: string): Promise<void> {
  const shown = await page.getByTestId('checkin-card').innerText();
  assert.doesNotMatch(shown, /checkin\.|\{\{/, `${screen} shows untranslated text`);
}

/** The operation tab's check-in section (a card titled by the section's title). */
function checkinSection(page: Page, language: ConsoleLanguage) {
  return page
    .getByRole('main')
    .locator('.ant-card')
    .filter({ has: page.getByText(consoleText(language, 'settings:operation.checkin.title')) })
    .last();
}

test('an operator enables the daily check-in and a user checks in once', async () => {
  const [theBrowser, theServer] = await Promise.all([
    launchBrowser().then((started) => (browser = started)),
    startServer({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' }).then((started) => (server = started)),
  ]);
  await initialiseSite(theServer.url);
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(theBrowser, english);
  const main = page.getByRole('main');

  await page.goto(`${theServer.url}/login`);
  await main.getByLabel(text('auth:login.username')).fill(root.username);
  await main.getByLabel(text('auth:login.password'), { exact: true }).fill(root.password);
  await main.getByRole('button', { name: text('auth:login.submit') }).click();
  await page.waitForURL((url) => url.pathname !== '/login');

  // 1. The personal page has no check-in card while the feature is off.
  await page.goto(`${theServer.url}/personal`);
  await page.getByTestId('balance').waitFor();
  assert.equal(await page.getByTestId('checkin-card').count(), 0);

  // 2. Settings → operation: switch the check-in on with a one-point range.
  await page.goto(`${theServer.url}/setting?tab=operation`);
  const section = checkinSection(page, 'en');
  await section.getByLabel(text('settings:operation.checkin.enabled'), { exact: true }).click();
  for (const label of ['minQuota', 'maxQuota']) {
    const field = section.getByLabel(text(`settings:operation.checkin.${label}`), { exact: true });
    await field.fill(String(REWARD));
  }
  await section
    .getByRole('button', {
      name: text('settings:actions.save').replace(
        '{{section}}',
        text('settings:operation.checkin.title'),
      ),
    })
    .click();
  await page.getByText(text('settings:messages.saved')).last().waitFor();
  await page.waitForLoadState('networkidle');

  // 3. The card appears (a fresh load reads the status); checking in marks today, adds $1.00.
  await page.goto(`${theServer.url}/personal`);
  const card = page.getByTestId('checkin-card');
  await card.getByRole('button', { name: text('personal:checkin.action') }).waitFor();
  const before = await balanceDollars(page);
  const [posted] = await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user/checkin' &&
        response.request().method() === 'POST',
    ),
    card.getByRole('button', { name: text('personal:checkin.action') }).click(),
  ]);
  const result = (await posted.json()) as { data: { checkin_date: string } };
  await card.getByRole('button', { name: text('personal:checkin.doneToday') }).waitFor();
  await card.locator(`[data-date="${result.data.checkin_date}"][data-checked="true"]`).waitFor();
  await page.waitForFunction(
    (expected) => {
      const node = document.querySelector('[data-testid="balance"] .ant-statistic-content');
      return Number((node?.textContent ?? '').replace(/[^0-9.]/g, '')) === expected;
    },
    Math.round((before + 1) * 100) / 100,
  );
  assert.equal(await balanceDollars(page), Math.round((before + 1) * 100) / 100);
  await assertCardTranslated(page, 'check-in card');
  assert.deepEqual(pageErrors, [], 'the console threw');
  const signedIn = await context.storageState();
  await context.close();

  // 4. The card and the settings section in the four looks.
  await forEachVariant(theBrowser, allVariants(), signedIn, async (variantPage, variant) => {
    try {
      await visitVariant(variantPage, variant);
    } catch (error) {
      await saveScreenshot(variantPage, `debug-checkin-${variantName(variant)}`);
      throw error;
    }
  });
  async function visitVariant(variantPage: Page, variant: ConsoleVariant) {
    const t = (key: string) => consoleText(variant.language, key);
    await variantPage.goto(`${theServer.url}/personal`);
    const variantCard = variantPage.getByTestId('checkin-card');
    await variantCard.getByRole('button', { name: t('personal:checkin.doneToday') }).waitFor();
    await assertCardTranslated(variantPage, 'check-in card');
    await variantCard.screenshot({
      path: path.join(screenshotDirectory, `checkin-card-${variantName(variant)}.png`),
      animations: 'disabled',
    });
    await variantPage.goto(`${theServer.url}/setting?tab=operation`);
    const variantSection = checkinSection(variantPage, variant.language);
    await variantSection
      .getByLabel(t('settings:operation.checkin.enabled'), { exact: true })
      .waitFor();
    await variantSection.scrollIntoViewIfNeeded();
    await variantSection.screenshot({
      path: path.join(screenshotDirectory, `checkin-settings-${variantName(variant)}.png`),
      animations: 'disabled',
    });
  }
});
