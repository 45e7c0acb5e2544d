import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { screenshotDirectory } from '../support/browser.js';
import {
  allVariants,
  forEachVariant,
  openConsoleContext,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from '../support/console-page.js';
import { consoleText, type ConsoleLanguage } from '../support/console-text.js';
import { root } from '../support/site-setup.js';

/** One dollar at the default 500 000 quota per unit: the reward is fixed so the balance is known. */
const REWARD = 500_000;

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

/**
 * An operator enables the daily check-in (settings → operation) and checks in once on the personal
 * page; then the card and the settings section in the four looks. `url` is an initialised site
 * whose check-in is still off.
 */
export async function enableAndUseCheckin(browser: Browser, url: string): Promise<void> {
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(browser, english);
  const main = page.getByRole('main');

  await page.goto(`${url}/login`);
  await main.getByLabel(text('auth:login.username')).fill(root.username);
  await main.getByLabel(text('auth:login.password'), { exact: true }).fill(root.password);
  await main.getByRole('button', { name: text('auth:login.submit') }).click();
  await page.waitForURL((address) => address.pathname !== '/login');

  // 1. The personal page has no check-in card while the feature is off.
  await page.goto(`${url}/personal`);
  await page.getByTestId('balance').waitFor();
  assert.equal(await page.getByTestId('checkin-card').count(), 0);

  // 2. Settings → operation: switch the check-in on with a one-point range.
  await page.goto(`${url}/setting?tab=operation`);
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
  await page.goto(`${url}/personal`);
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
  await forEachVariant(browser, allVariants(), signedIn, async (variantPage, variant) => {
    try {
      await visitVariant(variantPage, variant);
    } catch (error) {
      await saveScreenshot(variantPage, `debug-checkin-${variantName(variant)}`);
      throw error;
    }
  });
  async function visitVariant(variantPage: Page, variant: ConsoleVariant) {
    const t = (key: string) => consoleText(variant.language, key);
    await variantPage.goto(`${url}/personal`);
    const variantCard = variantPage.getByTestId('checkin-card');
    await variantCard.getByRole('button', { name: t('personal:checkin.doneToday') }).waitFor();
    await assertCardTranslated(variantPage, 'check-in card');
    await variantCard.screenshot({
      path: path.join(screenshotDirectory, `checkin-card-${variantName(variant)}.png`),
      animations: 'disabled',
    });
    await variantPage.goto(`${url}/setting?tab=operation`);
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
}
