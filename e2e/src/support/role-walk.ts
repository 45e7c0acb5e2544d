import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { openConsoleContext } from './console-page.js';
import { consoleText } from './console-text.js';
import { walkRoutes, type RouteStop } from './route-walk.js';

/*
 * A plain user's and an admin's walk through the console. The stops are every screen route but
 * the sign-in flow's (login, register, reset, OAuth callbacks, setup) and the chat hand-offs
 * (/chat, /chat2link leave for an outside chat client). /channel/edit/1 needs channel 1 to exist;
 * /user/edit/2 edits user 2 (the plain user, the first account root adds; an admin may not edit root).
 */
const adminScreens = [
  '/channel',
  '/channel/add',
  '/channel/edit/1',
  '/models',
  '/redemption',
  '/subscription',
  '/user',
  '/user/edit/2',
];
const everyoneScreens = [
  '/',
  '/about',
  '/pricing',
  '/playground',
  '/detail',
  '/token',
  '/log',
  '/midjourney',
  '/task',
  '/topup',
  '/personal',
  '/user/edit',
  '/no-such-page',
];

/** The walk for `role` (1 or 10): admin screens refused to plain users, settings sent on. */
function routeStops(role: 1 | 10): RouteStop[] {
  return [
    ...adminScreens.map((path) => ({ path, forbidden: role < 10 })),
    // The settings tabs are root's; everyone else is sent to personal settings.
    { path: '/setting', landsOn: '/personal' },
    ...everyoneScreens.map((path) => ({ path })),
  ];
}

/**
 * Signs `account` in through the login form (the one page load), gives it a token (the
 * playground needs one) and walks every route: a screen the role may not use is refused by its
 * guard before it asks the server, so no call is refused and no error toast shows anywhere.
 */
export async function walkEveryRouteAs(
  browser: Browser,
  url: string,
  account: { username: string; password: string },
  role: 1 | 10,
): Promise<void> {
  const look = { language: 'zh', theme: 'light', viewport: 'desktop' } as const;
  const { context, page, pageErrors } = await openConsoleContext(browser, look);
  try {
    const main = page.getByRole('main');
    await page.goto(`${url}/login`);
    await main.getByLabel(consoleText('zh', 'auth:login.username')).fill(account.username);
    await main
      .getByLabel(consoleText('zh', 'auth:login.password'), { exact: true })
      .fill(account.password);
    const [login] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login'),
      main.getByRole('button', { name: consoleText('zh', 'auth:login.submit') }).click(),
    ]);
    await page.waitForURL(`${url}/token`);
    const userId = ((await login.json()) as { data?: { id?: unknown } }).data?.id;
    const token = await context.request.post(`${url}/api/token/`, {
      headers: { 'New-Api-User': String(userId) },
      data: { name: 'walk', unlimited_quota: true },
    });
    assert.equal(((await token.json()) as { success?: unknown }).success, true);

    const problems = await walkRoutes(page, routeStops(role));
    assert.deepEqual(problems, [], `${account.username} (role ${role}) met refusals`);
    assert.deepEqual(pageErrors, [], `the console threw (${account.username})`);
  } finally {
    await context.close();
  }
}
