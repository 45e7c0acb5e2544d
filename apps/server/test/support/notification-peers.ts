/**
 * Real peers for notification tests: an SMTP server (smtp-server, mails parsed with mailparser)
 * and an HTTP webhook receiver, both listening on 127.0.0.1 in the test process.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_ACCOUNT = 'mailer@example.com';
export const SMTP_PASSWORD = 'app-password';

export interface DeliveredMail {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  /** The account that signed in. */
  user?: string;
  mail: ParsedMail;
}

export interface SmtpPeer {
  port: number;
  delivered: DeliveredMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server requiring the account above. `secure` speaks TLS from the first byte with
 * smtp-server's own (self-signed) certificate; otherwise plain, without STARTTLS.
 */
export async function startSmtpPeer(secure = false): Promise<SmtpPeer> {
  const delivered: DeliveredMail[] = [];
  const server = new SMTPServer({
    secure,
    disabledCommands: secure ? [] : ['STARTTLS'],
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
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            user: session.user as string | undefined,
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that gives up (a refused certificate, a closed test) is not an error of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
}

export interface WebhookPeer {
  /** http://127.0.0.1:<port> */
  url: string;
  received: ReceivedHook[];
  /** What the receiver answers (status) and how long it waits first. */
  behaviour: { status: number; delayMs: number };
  close(): Promise<void>;
}

export async function startWebhookPeer(): Promise<WebhookPeer> {
  const received: ReceivedHook[] = [];
  const behaviour = { status: 200, delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      setTimeout(() => response.writeHead(behaviour.status).end('ok'), behaviour.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    behaviour,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `ready()` holds (or fails after `timeoutMs`). */
export async function waitFor(ready: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a notification');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
