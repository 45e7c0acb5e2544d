import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  allVariants,
  type ConsoleVariant,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  saveScreenshot,
  variantName,
} from '../support/console-page.js';
import { consoleText, fillText, type ConsoleLanguage } from '../support/console-text.js';
import { root } from '../support/site-setup.js';

/** A channel of its own on the mock upstream (the site may hold others). */
const channelName = 'mock-detect';

/** Opens the row's "Detect upstream" and waits for the probe's OpenAI classification. */
async function detectUpstream(page: Page, language: ConsoleLanguage): Promise<Page> {
  const text = (key: string) => consoleText(language, key);
  const row = page.getByRole('main').getByRole('row').filter({ hasText: channelName });
  await row.getByRole('button', { name: text('channels:actions.more') }).click();
  await page.getByRole('menuitem', { name: text('channels:actions.detectUpstream') }).click();
  const modal = page
    .getByRole('dialog')
    .filter({ hasText: fillText(text('channels:detect.title'), { name: channelName }) });
  const probeRow = modal.getByRole('row').filter({ hasText: text('channels:detect.probeGroup') });
  await probeRow
    .getByText(new RegExp(`^${text('channels:detect.clientTypes.openai')} × \\d+$`))
    .waitFor();
  return page;
}

/**
 * An admin saves a model list in the channel editor, inserts it back, manages it, and detects
 * the upstream of a channel on the mock upstream (`mockUrl`, which answers with OpenAI's headers);
 * then both screens in the four looks. `url` is an initialised site.
 */
export async function savePrefillListAndDetectUpstream(
  browser: Browser,
  url: string,
  mockUrl: string,
): Promise<void> {
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(browser, english);
  const main = page.getByRole('main');

  await page.goto(`${url}/login`);
  await main.getByLabel(text('auth:login.username')).fill(root.username);
  await main.getByLabel(text('auth:login.password'), { exact: true }).fill(root.password);
  const [login] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
    main.getByRole('button', { name: text('auth:login.submit') }).click(),
  ]);
  await page.waitForURL((address) => address.pathname !== '/login');
  const rootId = String(((await login.json()) as { data?: { id?: unknown } }).data?.id);
  // A channel on the mock upstream, which answers with OpenAI's headers.
  const created = await context.request.post(`${url}/api/channel/`, {
    headers: { 'New-Api-User': rootId },
    data: {
      mode: 'single',
      channel: { type: 1, name: channelName, key: 'sk-mock', base_url: mockUrl, models: 'gpt-4o' },
    },
  });
  assert.equal(((await created.json()) as { success?: unknown }).success, true);
  await page.goto(`${url}/channel`);

  // 1. Save the editor's models as a list, clear them, insert the list back.
  await main.getByRole('button', { name: text('channels:toolbar.add') }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: text('channels:form.addTitle') });
  await drawer.getByRole('button', { name: text('channels:form.clearModels') }).click();
  await drawer
    .getByLabel(text('channels:form.customModel'), { exact: true })
    .fill('gpt-4o-mini,gpt-4o');
  await drawer
    .getByRole('button', { name: text('channels:form.customModelAdd'), exact: true })
    .click();
  const twoModels = fillText(text('channels:form.modelsCount'), { count: 2 });
  await drawer.getByText(twoModels).waitFor();
  await drawer.getByRole('button', { name: text('channels:prefill.saveCurrent') }).click();
  const saveDialog = page
    .getByRole('dialog')
    .filter({ hasText: fillText(text('channels:prefill.saveCurrentTitle'), { count: 2 }) });
  await saveDialog.getByLabel(text('channels:prefill.name')).fill('mini pair');
  await saveDialog.getByRole('button', { name: text('common:submit') }).click();
  await page
    .getByText(fillText(text('channels:prefill.savedList'), { name: 'mini pair' }))
    .first()
    .waitFor();
  await drawer.getByRole('button', { name: text('channels:form.clearModels') }).click();
  await drawer.getByText(twoModels).waitFor({ state: 'detached' });
  await drawer.getByRole('button', { name: text('channels:prefill.insert') }).click();
  await page
    .getByRole('menuitem', {
      name: fillText(text('channels:prefill.insertItem'), { name: 'mini pair', count: 2 }),
    })
    .click();
  await drawer.getByText(twoModels).waitFor();

  // 2. The management dialog lists it.
  await drawer.getByRole('button', { name: text('channels:prefill.manage') }).click();
  const manage = page.getByRole('dialog').filter({ hasText: text('channels:prefill.manageTitle') });
  await manage.getByRole('row').filter({ hasText: 'mini pair' }).waitFor();
  await assertNoRawTranslationKeys(page, 'saved lists');
  await page.keyboard.press('Escape');
  await manage.waitFor({ state: 'hidden' });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  // 3. Detect upstream: the probe of the mock is classified as OpenAI.
  await detectUpstream(page, 'en');
  await assertNoRawTranslationKeys(page, 'upstream detection');
  assert.deepEqual(pageErrors, [], 'the console threw');
  const signedIn = await context.storageState();
  await context.close();

  // 4. Both screens in the four looks.
  await forEachVariant(browser, allVariants(), signedIn, async (variantPage, variant) => {
    try {
      await visitVariant(variantPage, variant);
    } catch (error) {
      await saveScreenshot(variantPage, `debug-prefill-${variantName(variant)}`);
      throw error;
    }
  });
  async function visitVariant(variantPage: Page, variant: ConsoleVariant) {
    await variantPage.goto(`${url}/channel`);
    await detectUpstream(variantPage, variant.language);
    await saveScreenshot(variantPage, `prefill-detect-upstream-${variantName(variant)}`);
    await variantPage.keyboard.press('Escape');
    const t = (key: string) => consoleText(variant.language, key);
    await variantPage
      .getByRole('main')
      .getByRole('button', { name: t('channels:toolbar.add') })
      .click();
    const editor = variantPage.getByRole('dialog').filter({ hasText: t('channels:form.addTitle') });
    await editor.getByRole('button', { name: t('channels:prefill.insert') }).click();
    const listItem = variantPage.getByRole('menuitem', {
      name: fillText(t('channels:prefill.insertItem'), { name: 'mini pair', count: 2 }),
    });
    await listItem.waitFor();
    await saveScreenshot(variantPage, `prefill-insert-menu-${variantName(variant)}`);
    await listItem.click();
    await editor.getByRole('button', { name: t('channels:prefill.manage') }).click();
    const modal = variantPage
      .getByRole('dialog')
      .filter({ hasText: t('channels:prefill.manageTitle') });
    await modal.getByRole('row').filter({ hasText: 'mini pair' }).waitFor();
    await assertNoRawTranslationKeys(variantPage, 'saved lists');
    await saveScreenshot(variantPage, `prefill-saved-lists-${variantName(variant)}`);
  }
}
