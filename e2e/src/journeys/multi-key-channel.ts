import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  assertNoRawTranslationKeys,
  openConsoleContext,
  saveScreenshot,
} from '../support/console-page.js';
import { consoleText, fillText } from '../support/console-text.js';
import { root } from '../support/site-setup.js';

const channelName = 'key-pool';
const keys = ['sk-pool-first-0000000000', 'sk-pool-second-111111111', 'sk-pool-third-2222222222'];

/**
 * An admin adds a three-key channel, disables one key and copies the channel, on an initialised
 * site (`url`) whose relay calls are over: the pool's keys lead nowhere, and it serves gpt-4o-mini.
 */
export async function addMultiKeyChannel(browser: Browser, url: string): Promise<void> {
  const variant = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(browser, variant);
  const main = page.getByRole('main');
  try {
    await page.goto(`${url}/login`);
    await main.getByLabel(text('auth:login.username')).fill(root.username);
    await main.getByLabel(text('auth:login.password'), { exact: true }).fill(root.password);
    await main.getByRole('button', { name: text('auth:login.submit') }).click();
    await page.waitForURL((address) => address.pathname !== '/login');
    await page.goto(`${url}/channel`);

    // 1. One channel holding three keys, picked in turn.
    await main.getByRole('button', { name: text('channels:toolbar.add') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: text('channels:form.addTitle') });
    await drawer.getByLabel(text('channels:form.name'), { exact: true }).fill(channelName);
    await drawer.getByLabel(text('channels:form.createMode.multiToSingle')).check();
    await drawer.getByLabel(text('channels:form.multiKeyMode.polling')).check();
    await drawer.getByLabel(text('channels:form.key'), { exact: true }).fill(keys.join('\n'));
    await drawer.getByText(fillText(text('channels:form.multiKeyHint'), { count: 3 })).waitFor();
    await drawer.getByRole('button', { name: text('channels:form.clearModels') }).click();
    await drawer.getByLabel(text('channels:form.customModel'), { exact: true }).fill('gpt-4o-mini');
    await drawer
      .getByRole('button', { name: text('channels:form.customModelAdd'), exact: true })
      .click();
    await drawer.getByRole('button', { name: text('common:submit') }).click();
    await page.getByText(text('channels:form.messages.created')).first().waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: channelName });
    const badge = (enabled: number) =>
      fillText(text('channels:keys.badge'), { enabled, total: keys.length });
    await row.getByText(badge(3), { exact: true }).waitFor();

    // 2. Key management: three keys shown by their first characters only; disable the second.
    await row.getByText(badge(3), { exact: true }).click();
    const modal = page
      .getByRole('dialog')
      .filter({ hasText: fillText(text('channels:keys.title'), { name: channelName }) });
    await modal.getByText(`${keys[2]!.slice(0, 10)}...`).waitFor();
    assert.equal(await modal.getByText(keys[0]!, { exact: true }).count(), 0, 'a whole key shown');
    await modal.getByText(text('channels:keys.mode.polling')).waitFor();
    const second = modal.getByRole('row').filter({ hasText: keys[1]!.slice(0, 10) });
    await second.getByRole('button', { name: text('channels:keys.actions.disable') }).click();
    await second.getByText(text('channels:keys.status.manual'), { exact: true }).waitFor();
    await modal.getByText(fillText(text('channels:keys.counts.manual'), { count: 1 })).waitFor();
    await assertNoRawTranslationKeys(page, 'key management');
    await saveScreenshot(page, 'multi-key-management-en-light-desktop');
    // The footer's button (the corner's × has the same name).
    await modal
      .getByRole('button', { name: text('channels:keys.close'), exact: true })
      .last()
      .click();
    await row.getByText(badge(2), { exact: true }).waitFor();

    // 3. The editor of a multi-key channel adds entered keys by default and shows its selection.
    await row.getByRole('button', { name: text('channels:actions.edit'), exact: true }).click();
    const editor = page.getByRole('dialog').filter({ hasText: channelName });
    assert.equal(await editor.getByLabel(text('channels:form.keyMode.append')).isChecked(), true);
    assert.equal(
      await editor.getByLabel(text('channels:form.multiKeyMode.polling')).isChecked(),
      true,
    );
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // 4. Copy with a suffix of one's own: the copy keeps the keys and their states.
    await row.getByRole('button', { name: text('channels:actions.more') }).click();
    await page.getByRole('menuitem', { name: text('channels:actions.copy') }).click();
    const copyDialog = page.getByRole('dialog').filter({ hasText: text('channels:confirm.copy') });
    await copyDialog.getByLabel(text('channels:copyDialog.suffix')).fill('-b');
    await copyDialog.getByRole('button', { name: text('channels:actions.copy') }).click();
    await page.getByText(text('channels:messages.copied')).first().waitFor();
    const copyRow = main.getByRole('row').filter({ hasText: `${channelName}-b` });
    await copyRow.getByText(badge(2), { exact: true }).waitFor();
    assert.deepEqual(pageErrors, [], 'the console threw');
  } finally {
    await context.close();
  }
}
