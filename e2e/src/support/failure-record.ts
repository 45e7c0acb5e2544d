import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { screenshotDirectory } from './browser.js';

/**
 * What a failed browser test leaves behind so that a failure seen once (on CI, say) can be
 * understood without running it again: for every open page its address, the requests still
 * waiting for an answer, the last requests that failed, the accessibility tree and a screenshot.
 */
const pendingRequests = new WeakMap<Page, Set<Request>>();
const failedRequests = new WeakMap<Page, string[]>();

/** Starts keeping count of `page`'s requests; called once for each page a test opens. */
export function watchRequests(page: Page): void {
  const pending = new Set<Request>();
  const failed: string[] = [];
  pendingRequests.set(page, pending);
  failedRequests.set(page, failed);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? '?'}`);
    if (failed.length > 20) failed.shift();
  });
}

/** Writes test-output/screenshots/failure-<name>-<n>.{png,txt} for every page of `contexts`. */
export async function recordFailure(contexts: BrowserContext[], name: string): Promise<void> {
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      index += 1;
      const base = path.join(screenshotDirectory, `failure-${name}-${index}`);
      const lines = [`page ${index}: ${page.url()}`];
      for (const request of pendingRequests.get(page) ?? []) {
        lines.push(`  still waiting: ${request.method()} ${request.url()}`);
      }
      for (const failure of failedRequests.get(page) ?? []) lines.push(`  failed: ${failure}`);
      try {
        lines.push(await page.locator('body').ariaSnapshot({ timeout: 5_000 }));
        await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 5_000 });
      } catch (error) {
        lines.push(`  (page not readable: ${(error as Error).message.split('\n')[0]})`);
      }
      writeFileSync(`${base}.txt`, lines.join('\n'));
      // The first lines reach the test's own output, which is all a CI log keeps.
      console.log(lines.slice(0, 60).join('\n'));
    }
  }
}
