import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { openConsoleContext } from '../support/console-page.js';
import { consoleText } from '../support/console-text.js';
import { root } from '../support/site-setup.js';

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: { id?: number; username?: string; kind?: string; trusted_proxy_cidrs?: string };
}

/**
 * Root adds a trusted-header provider in the console (its fields, its validation), and the proxy
 * in front of the site — this process, on the loopback address the provider trusts — signs a
 * person up through `/api/auth/external/<slug>/header/login`. Needs a site whose root signs in
 * with a password and no Turnstile check.
 */
export async function addTrustedProxyProvider(
  browser: Browser,
  url: string,
  /** Serves the login page's third-party scripts and redirects (the site's sign-in buttons). */
  routeThirdParties: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const text = (key: string) => consoleText('en', `settings:customOAuth.${key}`);
  const { context, page, pageErrors } = await openConsoleContext(browser, {
    language: 'en',
    theme: 'light',
    viewport: 'desktop',
  });
  await routeThirdParties(context);
  const main = page.getByRole('main');
  await page.goto(`${url}/login`);
  await main.getByLabel('Username / email').fill(root.username);
  await main.getByLabel('Password', { exact: true }).fill(root.password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${url}/token`);

  await page.goto(`${url}/setting?tab=system`);
  await page.getByRole('button', { name: text('add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('#name').fill('Intranet');
  await drawer.locator('#slug').fill('intranet');
  await drawer.locator('#kind').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: text('kinds.trusted_header') })
    .click();
  // The header kind shows its own fields and hides the OAuth endpoints.
  await drawer.getByText(text('headerDivider'), { exact: true }).waitFor();
  assert.equal(await drawer.locator('#token_endpoint').count(), 0);
  await drawer.locator('#trusted_proxy_cidrs').fill('127.0.0.1\n0.0.0.0/0');
  await page.getByRole('button', { name: 'Submit' }).click();
  await drawer.getByText(text('externalIdRequired')).waitFor();
  await drawer.getByText('0.0.0.0/0 is not an IP address').waitFor();

  await drawer.locator('#trusted_proxy_cidrs').fill('127.0.0.1\n10.0.0.0/8');
  await drawer.locator('#external_id_header').fill('X-Remote-User');
  await drawer.locator('#email_header').fill('X-Remote-Email');
  await drawer.locator('#enabled').click();
  await drawer.locator('#auto_register').click();
  const [saved] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/custom-oauth-provider/',
    ),
    page.getByRole('button', { name: 'Submit' }).click(),
  ]);
  const created = (await saved.json()) as Envelope;
  assert.equal(created.success, true, String(created.message));
  assert.equal(created.data?.kind, 'trusted_header');
  assert.deepEqual(JSON.parse(created.data?.trusted_proxy_cidrs ?? ''), [
    '127.0.0.1',
    '10.0.0.0/8',
  ]);
  await page
    .locator('tr', { hasText: 'Intranet' })
    .getByText(text('kinds.trusted_header'))
    .waitFor();
  assert.deepEqual(pageErrors, []);
  await context.close();

  // The proxy (this process, on the loopback address the server trusts) signs a person up.
  const signIn = await fetch(`${url}/api/auth/external/intranet/header/login`, {
    method: 'POST',
    headers: { 'X-Remote-User': 'emp-42', 'X-Remote-Email': 'dana@corp.test' },
  });
  const body = (await signIn.json()) as Envelope;
  assert.equal(body.success, true, String(body.message));
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const self = await fetch(`${url}/api/user/self`, {
    headers: { cookie, 'New-Api-User': String(body.data?.id) },
  });
  assert.equal(
    ((await self.json()) as { data?: { email?: string } }).data?.email,
    'dana@corp.test',
  );
}
