import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { screenshotDirectory } from './browser.js';
import { watchRequests } from './failure-record.js';
import type { ConsoleLanguage } from './console-text.js';

export type ThemeMode = 'light' | 'dark';

/** The layouts the console is checked at: a laptop screen, a phone and a small phone (375 px). */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  /** The narrowest phone the console is laid out for. */
  phone: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof viewports;

/** One way of looking at the console. */
export interface ConsoleVariant {
  language: ConsoleLanguage;
  theme: ThemeMode;
  viewport: ViewportName;
}

export function variantName(variant: ConsoleVariant): string {
  const width = variant.viewport === 'phone' ? String(viewports.phone.width) : variant.viewport;
  return `${variant.language}-${variant.theme}-${width}`;
}

/**
 * Both languages, both themes, the laptop and the 375 px phone, in four looks rather than all
 * eight: every pair of choices (language with theme, language with width, theme with width)
 * appears once, which is what a screen's text, colours and layout depend on.
 */
export function allVariants(): ConsoleVariant[] {
  return [
    { language: 'zh', theme: 'light', viewport: 'desktop' },
    { language: 'en', theme: 'dark', viewport: 'desktop' },
    { language: 'zh', theme: 'dark', viewport: 'phone' },
    { language: 'en', theme: 'light', viewport: 'phone' },
  ];
}

/**
 * A browser context whose pages open in the given language and theme: the console keeps both in
 * localStorage (`i18nextLng`, `theme-mode`; see apps/web/src/lib/storage-keys.ts), so they are
 * written before any of the console's own scripts run. Uncaught page errors are collected.
 */
export async function openConsoleContext(
  browser: Browser,
  variant: ConsoleVariant,
  storageState?: BrowserContextOptions['storageState'],
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const mobile = variant.viewport !== 'desktop';
  const context = await browser.newContext({
    viewport: viewports[variant.viewport],
    isMobile: mobile,
    hasTouch: mobile,
    locale: variant.language === 'zh' ? 'zh-CN' : 'en-US',
    colorScheme: variant.theme,
    // The console turns its animations off for reduced motion: a menu or dialog is usable as soon
    // as it shows, on a loaded machine too (an animation cut short by load left a menu item that
    // let clicks through to the field below).
    reducedMotion: 'reduce',
    storageState,
  });
  await context.addInitScript(
    `localStorage.setItem('i18nextLng', ${JSON.stringify(variant.language)});` +
      `localStorage.setItem('theme-mode', ${JSON.stringify(variant.theme)});`,
  );
  const page = await context.newPage();
  watchRequests(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

// Two pages at a time: a page spends much of its time waiting for the server and for the screen
// to settle, so a second one shortens the run even on two cores.
const variantsAtOnce = 2;

/**
 * Runs `visit` once per variant, each in a fresh context (carrying one sign-in's cookies and storage
 * when `storageState` is given), and fails when the console threw an uncaught error meanwhile.
 */
export async function forEachVariant(
  browser: Browser,
  variants: ConsoleVariant[],
  storageState: BrowserContextOptions['storageState'],
  visit: (page: Page, variant: ConsoleVariant) => Promise<void>,
): Promise<void> {
  const queue = [...variants];
  const worker = async () => {
    for (let variant = queue.shift(); variant; variant = queue.shift()) {
      const { context, page, pageErrors } = await openConsoleContext(
        browser,
        variant,
        storageState,
      );
      try {
        await visit(page, variant);
        assert.deepEqual(pageErrors, [], `the console threw (${variantName(variant)})`);
      } finally {
        await context.close();
      }
    }
  };
  await Promise.all(Array.from({ length: variantsAtOnce }, worker));
}

/** Saves a full-page screenshot as test-output/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.screenshot({
    path: path.join(screenshotDirectory, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

// Text that is nothing but a dotted key (`users.table.name`) is an i18next miss; `{{` is a missed
// interpolation. Visible text and the attributes people read (placeholders, labels, tips) count.
// Host names (`gmail.com`, shown by the e-mail domain whitelist) are data, not keys.
const rawKeyScript = `(() => {
  const hostName = /\\.(com|net|org|io|cn|dev|ai|app|co|me)$/;
  const looksRaw = (text) =>
    (/^[a-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)+$/.test(text) && !hostName.test(text)) ||
    text.includes('{{');
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    if (text && looksRaw(text)) found.push(text);
  }
  for (const element of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
    for (const name of ['placeholder', 'aria-label', 'title']) {
      const value = (element.getAttribute(name) || '').trim();
      if (value && looksRaw(value)) found.push(name + '=' + value);
    }
  }
  return found;
})()`;

/** Fails when the page shows an untranslated key or an unfilled placeholder. */
export async function assertNoRawTranslationKeys(page: Page, screen: string): Promise<void> {
  const found = (await page.evaluate(rawKeyScript)) as string[];
  assert.deepEqual(found, [], `${screen} shows untranslated text`);
}

/**
 * Moves the open console to `location` (a path, with a query or not) the way one of its own links
 * does (history push, no page load), so that a run of screens costs one page load instead of one
 * each: a load runs the whole console's script again, the most expensive step of a browser test.
 */
export async function openInConsole(page: Page, location: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(location)});` +
      `dispatchEvent(new PopStateEvent('popstate', { state: null }));`,
  );
  await page.waitForURL((url) => url.pathname + url.search === location);
}
