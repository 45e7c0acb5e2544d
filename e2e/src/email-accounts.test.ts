import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { launchBrowser } from './support/browser.js';
import {
  allVariants,
  assertNoRawTranslationKeys,
  forEachVariant,
  openConsoleContext,
  openInConsole,
  saveScreenshot,
  variantName,
} from './support/console-page.js';
import { consoleText, type ConsoleLanguage } from './support/console-text.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const root = { username: 'root', password: 'root-pass-2024' };
const member = { username: 'mailuser', password: 'first-pass-1', email: 'mail.user@example.com' };
const SMTP_ACCOUNT = 'mailer@example.com';
const SMTP_PASSWORD = 'smtp-secret';

let browser: Browser | undefined;
let server: ServerProcess | undefined;
let smtp: SMTPServer | undefined;

after(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (server) rmSync(server.dataDirectory, { recursive: true, force: true });
});

interface Delivered {
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server in this process (smtp-server), keeping the mails it accepts (mailparser). */
async function startSmtp(delivered: Delivered[]): Promise<number> {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_ACCOUNT && auth.password === SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          delivered.push({ to: session.envelope.rcptTo.map((entry) => entry.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

async function waitForMail(delivered: Delivered[], subject: string): Promise<ParsedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = delivered.find((entry) => entry.mail.subject === subject);
    if (found) {
      delivered.splice(delivered.indexOf(found), 1);
      return found.mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Root signs in over HTTP and turns on email verification with the SMTP server above. */
async function configureServer(url: string, smtpPort: number): Promise<void> {
  const json = { 'Content-Type': 'application/json' };
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ...root, confirmPassword: root.password }),
  });
  assert.equal(((await setup.json()) as Envelope).success, true);
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(root),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const userId = String(((await login.json()) as { data: { id: number } }).data.id);
  for (const [key, value] of Object.entries({
    SMTPServer: '127.0.0.1',
    SMTPPort: String(smtpPort),
    SMTPAccount: SMTP_ACCOUNT,
    SMTPToken: SMTP_PASSWORD,
    SMTPFrom: 'noreply@example.com',
    ServerAddress: url,
    EmailVerificationEnabled: 'true',
  })) {
    const saved = await fetch(`${url}/api/option/`, {
      method: 'PUT',
      headers: { ...json, cookie, 'New-Api-User': userId },
      body: JSON.stringify({ key, value }),
    });
    const answer = (await saved.json()) as Envelope;
    assert.equal(answer.success, true, `${key}: ${String(answer.message)}`);
  }
}

/** The reset screens in one look: language, theme, desktop or a 375 px phone. */
async function lookAtResetScreens(
  page: Page,
  url: string,
  name: string,
  language: ConsoleLanguage,
) {
  const text = (key: string) => consoleText(language, key);
  await page.goto(`${url}/reset`);
  await page.getByRole('heading', { name: text('auth:reset.title') }).waitFor();
  await assertNoRawTranslationKeys(page, `/reset ${name}`);
  await saveScreenshot(page, `reset-request-${name}`);
  await openInConsole(page, '/user/reset?email=someone%40example.com&token=0123456789abcdef');
  await page.getByRole('button', { name: text('auth:reset.confirm') }).waitFor();
  await assertNoRawTranslationKeys(page, `/user/reset ${name}`);
  await saveScreenshot(page, `reset-confirm-${name}`);
}

test('a visitor registers with a mailed code, resets the password by mail and signs in', async () => {
  const delivered: Delivered[] = [];
  const smtpPort = await startSmtp(delivered);
  // Both are kept even when the other fails to start, so that `after` stops what did start.
  const [launched, started] = await Promise.allSettled([
    launchBrowser(),
    startServer({
      WORKERS: '1',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    }),
  ]);
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'rejected') throw launched.reason;
  if (started.status === 'rejected') throw started.reason;
  if (!browser || !server) throw new Error('not started');
  const url = server.url;
  await configureServer(url, smtpPort);

  const english = { language: 'en', theme: 'light', viewport: 'desktop' } as const;
  const { context, page, pageErrors } = await openConsoleContext(browser, english);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });

  try {
    await registerAndReset(page, url, delivered);
  } catch (error) {
    await saveScreenshot(page, 'email-accounts-failure');
    throw error;
  }
  assert.deepEqual(pageErrors, []);
  await context.close();
  await checkOldPasswordRefused(url);

  // Both screens in every language and theme, and on a 375 px phone.
  await forEachVariant(browser, allVariants(), undefined, async (variantPage, variant) => {
    await lookAtResetScreens(variantPage, url, variantName(variant), variant.language);
  });
});

async function checkOldPasswordRefused(url: string): Promise<void> {
  const old = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password }),
  });
  assert.equal(((await old.json()) as Envelope).success, false);
}

/** Registration with a mailed code, then the reset by mail, then signing in with the new password. */
async function registerAndReset(page: Page, url: string, delivered: Delivered[]): Promise<void> {
  const main = page.getByRole('main');
  const text = (key: string) => consoleText('en', key);
  // Registration: the code comes by mail.
  await page.goto(`${url}/register`);
  await main.getByLabel(text('auth:register.username')).fill(member.username);
  await main.getByLabel(text('auth:register.password'), { exact: true }).fill(member.password);
  await main.getByLabel(text('auth:register.confirmPassword')).fill(member.password);
  await main.getByPlaceholder(text('auth:register.emailPlaceholder')).fill(member.email);
  await main.getByRole('button', { name: text('auth:register.sendCode') }).click();
  const codeMail = await waitForMail(delivered, 'Tollgate邮箱验证邮件');
  const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(String(codeMail.html))?.[1];
  assert.ok(code, 'the mail carries a 6-character code');
  // The send button waits 30 s before another code.
  await main.getByRole('button', { name: /Resend \(\d+\)/ }).waitFor();
  await main.getByLabel(text('auth:register.verificationCode')).fill(code);
  await main.getByRole('button', { name: text('auth:register.submit') }).click();
  await page.waitForURL(`${url}/login`);

  // Forgotten password: /reset mails a link, with a 30 s wait before asking again.
  await main.getByRole('link', { name: text('auth:login.toReset') }).click();
  await page.waitForURL(`${url}/reset`);
  await main.getByRole('heading', { name: text('auth:reset.title') }).waitFor();
  await main.getByLabel(text('auth:reset.email'), { exact: true }).fill(member.email);
  await main.getByRole('button', { name: text('auth:reset.submit') }).click();
  await page.getByText(text('auth:reset.sent')).waitFor();
  const retry = main.getByRole('button', { name: /Retry \(\d+\)/ });
  await retry.waitFor();
  assert.equal(await retry.isDisabled(), true);
  await saveScreenshot(page, 'reset-request-sent');
  const resetMail = await waitForMail(delivered, 'Tollgate密码重置');
  const link = /href="([^"]+)"/.exec(String(resetMail.html))?.[1]?.replace(/&amp;/g, '&') ?? '';
  assert.ok(link.startsWith(`${url}/user/reset?`), `reset link: ${link}`);

  // The link's page confirms, shows the new password and copies it.
  await page.goto(link);
  const shownEmail = main.getByLabel(text('auth:reset.email'), { exact: true });
  await shownEmail.waitFor();
  assert.equal(await shownEmail.inputValue(), member.email);
  await main.getByRole('button', { name: text('auth:reset.confirm') }).click();
  const shown = page.getByTestId('new-password');
  await shown.waitFor();
  const newPassword = await shown.inputValue();
  assert.match(newPassword, /^[0-9a-f]{12}$/);
  assert.equal(await page.evaluate('navigator.clipboard.readText()'), newPassword);
  assert.equal(
    await main.getByRole('button', { name: text('auth:reset.confirmed') }).isDisabled(),
    true,
  );
  await saveScreenshot(page, 'reset-confirm-done');
  // Opened again, the link is spent.
  await page.goto(link);
  await main.getByRole('button', { name: text('auth:reset.confirm') }).click();
  await page.getByText('The reset link is invalid or has expired').waitFor();
  // Without its email and token, the page says the link is broken.
  await openInConsole(page, '/user/reset');
  await page.getByText(text('auth:reset.invalidLink')).waitFor();

  // The new password signs in; the old one no longer does.
  await page.goto(`${url}/login`);
  await main.getByLabel(text('auth:login.username'), { exact: true }).fill(member.username);
  await main.getByLabel(text('auth:login.password'), { exact: true }).fill(newPassword);
  await main.getByRole('button', { name: text('auth:login.submit') }).click();
  await page.waitForURL(`${url}/token`);
}
