import assert from 'node:assert/strict';
import type { Browser, Page, Response } from 'playwright-core';
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
import { consoleText, fillText, type ConsoleLanguage } from '../support/console-text.js';
import { root } from '../support/site-setup.js';

/** OpenAI's video model, on a channel of its own on the mock upstream (which serves /v1/videos). */
const videoModel = 'sora-2';
const channelName = 'mock-sora';
/** The mock fails a task whose prompt says so (tools/mock-upstream async-tasks.ts). */
const failingPrompt = 'a storm at sea mock:fail';

/** True for the answer to a `<video>` element's request for a task's file. */
function isVideoFile(response: Response, taskId: string): boolean {
  return (
    new URL(response.url()).pathname === `/v1/videos/${taskId}/content` &&
    response.request().resourceType() === 'media'
  );
}

/** The file answered to a player: its bytes are the mock's MP4 (200 whole, 206 a range). */
function assertVideoFile(response: Response, where: string): void {
  assert.ok([200, 206].includes(response.status()), `${where}: HTTP ${response.status()}`);
  assert.equal(response.headers()['content-type'], 'video/mp4', where);
}

/** Chooses the video model in the playground's settings (in the drawer on a phone). */
async function chooseVideoModel(page: Page, language: ConsoleLanguage, phone: boolean) {
  const text = (key: string) => consoleText(language, key);
  const main = page.getByRole('main');
  if (phone) await main.getByRole('button', { name: text('playground:settings.show') }).click();
  const panel = phone ? page.getByRole('dialog') : main;
  const select = panel.getByRole('combobox', {
    name: text('playground:settings.model'),
    exact: true,
  });
  await select.click();
  await select.fill(videoModel);
  await page.locator('.ant-select-item-option').filter({ hasText: videoModel }).first().click();
  if (phone) {
    // Escape would only leave the select; the drawer's own close button closes it.
    await panel.locator('.ant-drawer-close').click();
    await panel.waitFor({ state: 'hidden' });
  }
  await main.getByLabel(text('playground:video.placeholder'), { exact: true }).waitFor();
}

/**
 * Submits a video prompt in the playground's video mode; answers the new task's public id (the
 * `POST /pg/videos` answer) once its card shows.
 */
async function submitVideo(page: Page, language: ConsoleLanguage, prompt: string) {
  const text = (key: string) => consoleText(language, key);
  const main = page.getByRole('main');
  await main.getByLabel(text('playground:video.placeholder'), { exact: true }).fill(prompt);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/pg/videos'),
    main.getByRole('button', { name: text('playground:video.generate') }).click(),
  ]);
  assert.equal(answer.status(), 200, `POST /pg/videos: ${await answer.text()}`);
  const taskId = String(((await answer.json()) as { id?: unknown }).id);
  assert.match(taskId, /^task_[A-Za-z0-9]{32}$/);
  return taskId;
}

/** The card of one task in the playground. */
const jobCard = (page: Page, taskId: string) =>
  page.getByRole('main').locator(`.tg-video-job[data-task-id="${taskId}"]`);

/**
 * Makes one video to the end in the playground and waits for its player to fetch the file;
 * answers the task id.
 */
async function makeVideo(page: Page, language: ConsoleLanguage): Promise<string> {
  const text = (key: string) => consoleText(language, key);
  const taskId = await submitVideo(page, language, 'a paper boat drifting down a rainy street');
  const card = jobCard(page, taskId);
  // The progress bar shows while the task is polled; the mock needs three polls to finish.
  const file = page.waitForResponse((response) => isVideoFile(response, taskId), {
    timeout: 60_000,
  });
  await card
    .getByText(text('playground:video.phase.done'), { exact: true })
    .waitFor({ timeout: 60_000 });
  const player = card.getByLabel(text('playground:video.player'), { exact: true });
  assert.equal(await player.getAttribute('src'), `/v1/videos/${taskId}/content`);
  assertVideoFile(await file, 'the playground player');
  return taskId;
}

/**
 * The playground's video mode, end to end on a site whose mock upstream (`mockUrl`) serves
 * OpenAI's videos API: root submits a prompt with sora-2, watches it progress and plays the
 * file; a failing prompt shows the upstream's reason; the task log lists both, with the player
 * for the finished one; the pricing page prices sora-2 per second. Then the screens in the four
 * looks. `url` is an initialised site.
 */
export async function makeVideoInPlayground(
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
  const created = await context.request.post(`${url}/api/channel/`, {
    headers: { 'New-Api-User': rootId },
    data: {
      mode: 'single',
      channel: {
        type: 1,
        name: channelName,
        key: 'sk-mock',
        base_url: mockUrl,
        models: videoModel,
      },
    },
  });
  assert.equal(((await created.json()) as { success?: unknown }).success, true);
  // The playground opens only for a user with an enabled token (it sends the user to /token).
  const token = await context.request.post(`${url}/api/token/`, {
    headers: { 'New-Api-User': rootId },
    data: { name: 'video-playground', unlimited_quota: true },
  });
  assert.equal(((await token.json()) as { success?: unknown }).success, true);

  // 1. A video made in the playground and played there; a failing one shows its reason.
  await openInConsole(page, '/playground');
  await chooseVideoModel(page, 'en', false);
  const madeId = await makeVideo(page, 'en');
  const failedId = await submitVideo(page, 'en', failingPrompt);
  const failedCard = jobCard(page, failedId);
  await failedCard.getByText(text('playground:video.failed')).waitFor({ timeout: 60_000 });
  await failedCard.getByText('mock upstream failure').waitFor();
  await assertNoRawTranslationKeys(page, 'playground video');

  // 2. The task log lists both: the finished one plays in its preview, the failed one says why.
  // A page of its own: the browser keeps a file a page has played, and would not ask again.
  const logPage = await context.newPage();
  logPage.on('pageerror', (error) => pageErrors.push(error.message));
  await logPage.goto(`${url}/task`);
  const logMain = logPage.getByRole('main');
  const madeRow = logMain.getByRole('row').filter({ hasText: madeId });
  await madeRow.getByText(text('tasks:task.platforms.sora'), { exact: true }).waitFor();
  await madeRow.getByText(text('tasks:status.SUCCESS'), { exact: true }).waitFor();
  await madeRow.getByText(fillText(text('tasks:seconds'), { value: 4 }), { exact: true }).waitFor();
  const failedRow = logMain.getByRole('row').filter({ hasText: failedId });
  await failedRow.getByText(text('tasks:status.FAILURE'), { exact: true }).waitFor();
  // The task log cuts long reasons short (the whole text is a click away).
  await failedRow.getByText('mock upstream failur').waitFor();
  assert.equal(
    await failedRow.getByRole('button', { name: text('tasks:video.preview') }).count(),
    0,
    'a failed video has nothing to play',
  );
  const file = logPage.waitForResponse((response) => isVideoFile(response, madeId));
  await madeRow.getByRole('button', { name: text('tasks:video.preview') }).click();
  const preview = logPage.getByRole('dialog').filter({ hasText: text('tasks:video.title') });
  await preview.getByLabel(text('tasks:video.player'), { exact: true }).waitFor();
  assertVideoFile(await file, 'the task log player');
  await assertNoRawTranslationKeys(logPage, 'task log video');
  await logPage.close();

  // 3. Pricing: the video model's price is per second.
  await openInConsole(page, '/pricing');
  const priceRow = main.getByRole('row').filter({ hasText: videoModel });
  await priceRow.getByText(text('pricing:quotaType.perSecond'), { exact: true }).waitFor();
  await priceRow
    .getByText(fillText(text('pricing:price.perSecond'), { price: '$0.1' }), { exact: true })
    .waitFor();
  assert.deepEqual(pageErrors, [], 'the console threw');
  const signedIn = await context.storageState();
  await context.close();

  // 4. The three screens in the four looks, each with a video of its own.
  await forEachVariant(browser, allVariants(), signedIn, async (variantPage, variant) => {
    try {
      await visitVariant(variantPage, variant);
    } catch (error) {
      await saveScreenshot(variantPage, `debug-video-${variantName(variant)}`);
      throw error;
    }
  });

  async function visitVariant(variantPage: Page, variant: ConsoleVariant) {
    const say = (key: string) => consoleText(variant.language, key);
    const record = async (screen: string) => {
      await assertNoRawTranslationKeys(variantPage, screen);
      await saveScreenshot(variantPage, `video-${screen}-${variantName(variant)}`);
    };
    await variantPage.goto(`${url}/playground`);
    await chooseVideoModel(variantPage, variant.language, variant.viewport === 'phone');
    const taskId = await makeVideo(variantPage, variant.language);
    await record('playground');
    await openInConsole(variantPage, '/task');
    const row = variantPage.getByRole('main').getByRole('row').filter({ hasText: taskId });
    await row.getByRole('button', { name: say('tasks:video.preview') }).click();
    const dialog = variantPage.getByRole('dialog').filter({ hasText: say('tasks:video.title') });
    await dialog.getByLabel(say('tasks:video.player'), { exact: true }).waitFor();
    await record('task-preview');
    await variantPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await record('task-log');
    await openInConsole(variantPage, '/pricing');
    await variantPage
      .getByRole('main')
      .getByText(say('pricing:quotaType.perSecond'), { exact: true })
      .first()
      .waitFor();
    await record('pricing');
  }
}
