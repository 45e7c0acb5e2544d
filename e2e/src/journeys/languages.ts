import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertNoRawTranslationKeys, saveScreenshot, viewports } from '../support/console-page.js';
import { consoleText } from '../support/console-text.js';
import { recordFailure } from '../support/failure-record.js';
import { root } from '../support/site-setup.js';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

async function htmlLang(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

/**
 * A French browser that never chose a language gets the console in French, and the server's
 * messages in English (it has none in French); the language menu then switches to Japanese.
 * `url` is an initialised site (root as support/site-setup.ts has it).
 */
export async function chooseLanguageFromBrowser(browser: Browser, url: string): Promise<void> {
  // No stored language: only the browser's (fr-FR, then English) speaks.
  const context: BrowserContext = await browser.newContext({
    viewport: viewports.desktop,
    locale: 'fr-FR',
  });
  const pageErrors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${url}/login`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: consoleText('fr', 'auth:login.title') }).waitFor();
    assert.equal(await htmlLang(page), 'fr');
    await assertNoRawTranslationKeys(page, 'login (fr)');
    await saveScreenshot(page, 'languages-login-fr');

    // A refused sign-in: the console asks for French then English, and gets English.
    await main.getByLabel(consoleText('fr', 'auth:login.username')).fill(root.username);
    await main
      .getByLabel(consoleText('fr', 'auth:login.password'), { exact: true })
      .fill('not-the-password');
    const [login] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
      main.getByRole('button', { name: consoleText('fr', 'auth:login.submit') }).click(),
    ]);
    assert.equal(await login.request().headerValue('accept-language'), 'fr,en;q=0.9');
    const refusal = (await login.json()) as { success?: unknown; message?: unknown };
    assert.equal(refusal.success, false);
    assert.ok(
      typeof refusal.message === 'string' && refusal.message !== '' && !CJK.test(refusal.message),
      `the refusal is worded in English: ${String(refusal.message)}`,
    );

    // The menu lists every language in its own words; choosing one is remembered.
    await page.getByRole('button', { name: consoleText('fr', 'shell:topBar.language') }).click();
    for (const name of ['中文', 'English', 'Français']) {
      await page.getByRole('menuitem', { name }).waitFor();
    }
    await saveScreenshot(page, 'languages-menu-fr');
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.equal(await page.evaluate(() => localStorage.getItem('i18nextLng')), 'ja');
    await page.reload();
    await main.getByRole('heading', { name: consoleText('ja', 'auth:login.title') }).waitFor();
    assert.equal(await htmlLang(page), 'ja');
    await assertNoRawTranslationKeys(page, 'login (ja)');
    await saveScreenshot(page, 'languages-login-ja');
    assert.deepEqual(pageErrors, [], 'the console threw');
  } catch (error) {
    await recordFailure([context], 'languages');
    throw error;
  } finally {
    await context.close();
  }
}
