import type { Page, Request, Response } from 'playwright-core';

/** One stop of a walk through the console: a route and what the signed-in role should find there. */
export interface RouteStop {
  path: string;
  /** Where the route's guard sends this role instead (`/setting` sends non-root users to `/personal`). */
  landsOn?: string;
  /** The route's guard refuses this role: the console's 403 page shows. */
  forbidden?: boolean;
}

// The feedback the console shows for a failure: toasts, notifications and error dialogs.
const errorFeedback =
  '.ant-message-error, .ant-notification-notice-error, .ant-modal-confirm-error';

// Nothing in flight for this long counts as settled: a screen's chunk, its queries and what they
// trigger have all answered, and the toasts an answer raises are on the screen.
const quietMilliseconds = 400;
const settleTimeoutMilliseconds = 20_000;

/**
 * Keeps count of a page's requests and of the `/api` answers that refuse something: HTTP 401 or
 * 403, or `success: false` in the envelope. Each refusal is told under the stop that was open.
 */
function watchPage(page: Page) {
  const pending = new Set<Request>();
  const bodyReads: Promise<void>[] = [];
  const problems: string[] = [];
  let stop = '(start)';
  let lastChange = Date.now();

  const settle = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  const inspect = async (response: Response, during: string) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) return;
    const call = `${response.request().method()} ${pathname}`;
    if (response.status() === 401 || response.status() === 403) {
      problems.push(`${during}: ${call} answered HTTP ${response.status()}`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await response.json().catch(() => undefined)) as
      | { success?: unknown; message?: unknown }
      | undefined;
    if (body?.success === false) {
      problems.push(`${during}: ${call} answered success:false (${String(body.message)})`);
    }
  };
  const onRequest = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const onResponse = (response: Response) => bodyReads.push(inspect(response, stop));
  page.on('request', onRequest);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', onResponse);

  return {
    problems,
    enter(path: string) {
      stop = path;
      lastChange = Date.now();
    },
    async settled(): Promise<void> {
      const deadline = Date.now() + settleTimeoutMilliseconds;
      while (pending.size > 0 || Date.now() - lastChange < quietMilliseconds) {
        if (Date.now() > deadline) {
          const waiting = [...pending].map((request) => request.url()).join(', ');
          throw new Error(`${stop} did not settle; still waiting for: ${waiting}`);
        }
        await page.waitForTimeout(50);
      }
      await Promise.all(bodyReads.splice(0));
    },
    stopWatching() {
      page.off('request', onRequest);
      page.off('requestfinished', settle);
      page.off('requestfailed', settle);
      page.off('response', onResponse);
    },
  };
}

// Error feedback not reported yet; each element is marked once reported, so a toast still showing
// at the next stop is not told twice.
const unseenErrorFeedbackScript = `(() => {
  const texts = [];
  for (const element of document.querySelectorAll(${JSON.stringify(errorFeedback)})) {
    if (element.hasAttribute('data-walk-seen')) continue;
    element.setAttribute('data-walk-seen', '');
    texts.push((element.textContent || '').trim());
  }
  return texts;
})()`;

/**
 * Walks the open console through `stops` the way its own links move (history push, no page load)
 * and returns every problem met: error feedback on screen, `/api` refusals (401, 403,
 * `success: false`), a stop that lands elsewhere than expected, a forbidden stop without the 403
 * page. A guard that decides before its screen mounts leaves nothing to report on a refused route.
 */
export async function walkRoutes(page: Page, stops: readonly RouteStop[]): Promise<string[]> {
  const watch = watchPage(page);
  try {
    await watch.settled();
    for (const stop of stops) {
      watch.enter(stop.path);
      await page.evaluate(
        `history.pushState(null, '', ${JSON.stringify(stop.path)});` +
          `dispatchEvent(new PopStateEvent('popstate', { state: null }));`,
      );
      await watch.settled();
      for (const text of (await page.evaluate(unseenErrorFeedbackScript)) as string[]) {
        watch.problems.push(`${stop.path}: error shown: ${text}`);
      }
      const expected = stop.landsOn ?? stop.path;
      // A guard's redirect can come after the quiet spell on a loaded machine (the screen's chunk
      // answered, its render not yet done): give the expected landing a few seconds more.
      await page
        .waitForURL((current) => current.pathname === expected, { timeout: 5_000 })
        .catch(() => undefined);
      const landed = new URL(page.url()).pathname;
      if (landed !== expected) watch.problems.push(`${stop.path}: landed on ${landed}`);
      const forbiddenResult = page.getByRole('main').locator('.ant-result-403');
      if (stop.forbidden) await forbiddenResult.waitFor({ timeout: 5_000 }).catch(() => undefined);
      const forbiddenPage = await forbiddenResult.count();
      if (Boolean(stop.forbidden) !== forbiddenPage > 0) {
        watch.problems.push(`${stop.path}: 403 page ${forbiddenPage > 0 ? 'shown' : 'missing'}`);
      }
    }
    return watch.problems;
  } finally {
    watch.stopWatching();
  }
}
