import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  openInConsole,
  saveScreenshot,
  variantName,
  type ConsoleVariant,
} from '../support/console-page.js';
import { consoleText } from '../support/console-text.js';
import { recordFailure } from '../support/failure-record.js';
import { root } from '../support/site-setup.js';

const vendorName = 'Acme AI';
const configured = 'gpt-4o-mini';
const describedUpstream = 'claude-sonnet-demo';
const unknownUpstream = 'house-model';

/**
 * The official metadata, served locally (`SYNC_UPSTREAM_BASE`): it describes the model the test
 * configures by hand (differently, a conflict) and one the channel serves that has no metadata.
 */
export const catalogueMetadataModels = [
  {
    model_name: configured,
    description: 'Official description',
    tags: 'chat',
    vendor_name: 'OpenAI',
    name_rule: 0,
    status: 1,
  },
  {
    model_name: describedUpstream,
    description: 'A model the official list knows',
    tags: 'chat,reasoning',
    vendor_name: 'Anthropic',
    endpoints: JSON.stringify({ anthropic: { path: '/v1/messages', method: 'POST' } }),
    name_rule: 0,
    status: 1,
  },
];
export const catalogueMetadataVendors = [
  { name: 'OpenAI', description: '', icon: 'OpenAI', status: 1 },
  { name: 'Anthropic', description: '', icon: 'Claude', status: 1 },
];

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Waits for the dialog's (or drawer's) opening animation, so a screenshot shows no blur. */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"]'),
  );
}

async function record(page: Page, name: string): Promise<void> {
  await assertNoRawTranslationKeys(page, name);
  await saveScreenshot(page, name);
}

/**
 * An admin builds the model catalogue, syncs it and filters /pricing by its vendors, then the
 * screens in the four looks. `url` is an initialised site that has no catalogue entries yet, whose
 * official metadata (`SYNC_UPSTREAM_BASE`) is served from the lists above
 * (support/metadata-source.ts) and which lets its sync reach 127.0.0.1 (`OUTBOUND_ALLOWED_HOSTS`).
 * Channels already there may serve the same models.
 */
export async function buildModelCatalogue(browser: Browser, url: string): Promise<void> {
  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const text = (key: string) => consoleText('en', key);
  const { context, page, pageErrors } = await openConsoleContext(browser, english);
  const main = page.getByRole('main');
  let signedIn: BrowserContextOptions['storageState'];
  try {
    await page.goto(`${url}/login`);
    await main.getByLabel('Username / email').fill(root.username);
    await main.getByLabel('Password', { exact: true }).fill(root.password);
    const [login] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
      main.getByRole('button', { name: 'Log in' }).click(),
    ]);
    await page.waitForURL(`${url}/token`);
    const userId = String(((await login.json()) as { data?: { id?: unknown } }).data?.id);
    const channel = await context.request.post(`${url}/api/channel/`, {
      headers: { 'New-Api-User': userId },
      data: {
        mode: 'single',
        channel: {
          type: 1,
          name: 'catalogue',
          key: 'sk-catalogue',
          models: [configured, describedUpstream, unknownUpstream].join(','),
          group: 'default',
        },
      },
    });
    assert.equal(((await channel.json()) as Envelope).success, true);

    // Before any metadata, /pricing looks as it always did: no catalogue filters.
    await openInConsole(page, '/pricing');
    await main.getByText(configured, { exact: true }).waitFor();
    assert.equal(
      await main.getByRole('combobox', { name: text('pricing:filters.vendor') }).count(),
      0,
    );

    // 1. A vendor, on the vendors tab of /models (reached from the sidebar).
    await page
      .locator('aside')
      .getByRole('menuitem', { name: text('shell:nav.models') })
      .click();
    await page.waitForURL(`${url}/models`);
    await main.getByRole('tab', { name: text('models:tabs.vendors') }).click();
    await main.getByRole('button', { name: text('models:vendors.add') }).click();
    const vendorDialog = page
      .getByRole('dialog')
      .filter({ hasText: text('models:vendors.addTitle') });
    await vendorDialog.getByLabel(text('models:vendors.fields.name')).fill(vendorName);
    await vendorDialog.getByLabel(text('models:vendors.fields.icon')).fill('Acme');
    await vendorDialog.getByRole('button', { name: text('common:ok') }).click();
    await page.getByText(text('models:vendors.created')).waitFor();
    await main.getByRole('row').filter({ hasText: vendorName }).waitFor();

    // 2. The missing list names every model of the channel; "configure" opens a prefilled drawer.
    await main.getByRole('tab', { name: text('models:tabs.models') }).click();
    await main.getByRole('button', { name: text('models:toolbar.missing') }).click();
    const missing = page.getByRole('dialog').filter({ hasText: text('models:missing.title') });
    for (const name of [configured, describedUpstream, unknownUpstream]) {
      await missing.getByText(name, { exact: true }).waitFor();
    }
    await missing
      .getByRole('listitem')
      .filter({ hasText: configured })
      .getByRole('button', { name: text('models:missing.configure') })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: text('models:form.addTitle') });
    const nameField = drawer.getByLabel(text('models:fields.modelName'));
    assert.equal(await nameField.inputValue(), configured);
    await drawer.getByLabel(text('models:fields.description')).fill('Small and quick');
    await drawer.getByRole('combobox', { name: text('models:fields.vendor') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: vendorName }).click();
    await drawer
      .getByRole('combobox', { name: text('models:fields.tags') })
      .pressSequentially('fast,');
    await drawer.getByRole('button', { name: text('common:submit') }).click();
    await page.getByText(text('models:form.created')).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: configured });
    await row.getByText(vendorName).waitFor();
    await row.getByText('fast', { exact: true }).waitFor();

    // The filter bar counts the vendor's model; choosing it keeps the row.
    const filterBar = main.getByRole('group', { name: text('models:filter.label') });
    await filterBar.getByRole('button', { name: `${vendorName} (1)` }).click();
    await row.waitFor();

    // 3. The official sync: the model it knows and the channel serves is created; the field
    // ticked on the configured model is overwritten.
    await filterBar.getByRole('button', { name: `${text('models:filter.all')} (1)` }).click();
    await main.getByRole('button', { name: text('models:toolbar.sync') }).click();
    const sync = page.getByRole('dialog').filter({ hasText: text('models:sync.title') });
    await sync.getByRole('button', { name: text('models:sync.check') }).click();
    await sync.getByText(text('models:sync.missingTitle').replace('{{count}}', '1')).waitFor();
    await sync.getByText(describedUpstream, { exact: true }).waitFor();
    const conflict = sync.locator('.ant-card').filter({ hasText: configured });
    await conflict.getByText('Official description').waitFor();
    await conflict.getByRole('checkbox', { name: text('models:sync.fields.description') }).check();
    await sync
      .getByRole('button', { name: text('models:sync.applyCount_one').replace('{{count}}', '1') })
      .click();
    await sync.getByText(text('models:sync.done')).waitFor();
    await sync.getByText(describedUpstream, { exact: true }).waitFor();
    await sync.getByRole('button', { name: text('common:ok') }).click();
    await main.getByRole('row').filter({ hasText: describedUpstream }).waitFor();
    await row.getByText('Official description').waitFor();

    // The missing list now names only the model nobody describes.
    await main.getByRole('button', { name: text('models:toolbar.missing') }).click();
    await missing.getByText(unknownUpstream, { exact: true }).waitFor();
    // The dialog opens on the list it showed before and then reads it again: wait for that.
    await missing.getByText(configured, { exact: true }).waitFor({ state: 'detached' });
    await missing.getByRole('button', { name: 'Close' }).click();

    // 4. /pricing offers the catalogue's filters: the vendor keeps its one model.
    await openInConsole(page, '/pricing');
    const vendorFilter = main.getByRole('combobox', { name: text('pricing:filters.vendor') });
    await vendorFilter.click();
    await page.locator('.ant-select-item-option').filter({ hasText: vendorName }).click();
    await main.getByText(configured, { exact: true }).waitFor();
    assert.equal(await main.getByText(describedUpstream, { exact: true }).count(), 0);
    assert.equal(await main.getByText(unknownUpstream, { exact: true }).count(), 0);
    // The model's details: description, tags, endpoint with its path.
    await main
      .getByRole('row')
      .filter({ hasText: configured })
      .locator('.ant-table-row-expand-icon')
      .click();
    await main.getByText('Official description').waitFor();
    await main.getByText('POST /v1/chat/completions').waitFor();

    signedIn = await context.storageState();
    assert.deepEqual(pageErrors, [], 'the console threw in the browser');
  } finally {
    await context.close();
  }

  // 5. The screens in both languages, both themes, on a laptop and a phone.
  await forEachVariant(browser, allVariants(), signedIn, async (variantPage, variant) => {
    const name = (screen: string) => `${screen}-${variantName(variant)}`;
    try {
      await visitScreens(url, variantPage, variant, name);
    } catch (error) {
      await recordFailure([variantPage.context()], name('models'));
      throw error;
    }
  });
}

/** /models with its dialogs and tabs, then /pricing, each recorded in one look. */
async function visitScreens(
  url: string,
  page: Page,
  variant: ConsoleVariant,
  name: (screen: string) => string,
): Promise<void> {
  const main = page.getByRole('main');
  const say = (key: string) => consoleText(variant.language, key);
  await page.goto(`${url}/models`);
  await main.getByText(describedUpstream, { exact: true }).waitFor();
  await record(page, name('models'));

  await main.getByRole('button', { name: say('models:toolbar.missing') }).click();
  const missing = page.getByRole('dialog').filter({ hasText: say('models:missing.title') });
  await missing.getByText(unknownUpstream, { exact: true }).waitFor();
  await settleAnimations(page);
  await record(page, name('models-missing'));
  await page.keyboard.press('Escape');
  await missing.waitFor({ state: 'hidden' });

  const row = main.getByRole('row').filter({ hasText: configured });
  await row.getByRole('button', { name: say('models:actions.edit') }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: say('models:form.editTitle') });
  await drawer.getByLabel(say('models:fields.modelName')).waitFor();
  await settleAnimations(page);
  await record(page, name('models-edit'));
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  if (variant.viewport === 'desktop') {
    await main.getByRole('button', { name: say('models:toolbar.sync') }).click();
    const sync = page.getByRole('dialog').filter({ hasText: say('models:sync.title') });
    await sync.getByRole('button', { name: say('models:sync.check') }).click();
    await sync.getByText(say('models:sync.noMissing')).waitFor();
    await settleAnimations(page);
    await record(page, name('models-sync'));
    await page.keyboard.press('Escape');
    await sync.waitFor({ state: 'hidden' });
  }

  await main.getByRole('tab', { name: say('models:tabs.vendors') }).click();
  await main.getByText(vendorName, { exact: true }).waitFor();
  await record(page, name('models-vendors'));

  await openInConsole(page, '/pricing');
  await main.getByRole('combobox', { name: say('pricing:filters.vendor') }).waitFor();
  await main.getByText(configured, { exact: true }).waitFor();
  await record(page, name('pricing-catalogue'));
}
