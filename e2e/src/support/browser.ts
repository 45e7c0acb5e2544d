import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Screenshots land here for people to look at; CI keeps them as test output. */
export const screenshotDirectory = path.join(repositoryRoot, 'test-output', 'screenshots');

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) when installed, else its full
 * Chromium: the shell renders the same pages with about a third less CPU, which on two cores is
 * a third off the browser tests.
 */
function defaultChromium(): string {
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

/** Chromium, headless, with the flags that keep it off the network (a fresh profile each launch). */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDirectory, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? defaultChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
