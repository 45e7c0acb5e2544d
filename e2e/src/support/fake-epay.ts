/**
 * A small Epay provider for the browser tests (the protocol as apps/server/test/support/fake-epay.ts
 * speaks it, written again here because the browser tests build apart from the server's tests).
 *
 * The payer's browser POSTs the merchant's form to `/submit.php`. The provider checks the merchant
 * id and the MD5 signature with its own copy of the shared key (code written here, not the
 * server's signer, so a signing bug fails the test), then tells the merchant the order is paid by
 * calling its notify URL `notifyTimes` times at once — real providers repeat notifications, and a
 * repeat must never credit an order twice — and finally shows the payer a page linking back to
 * the merchant's return URL.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeEpayAccount {
  partnerId: string;
  key: string;
}

/** One form the provider received, with what it made of it. */
export interface EpaySubmission {
  fields: Record<string, string>;
  /** '' when the form was accepted. */
  refusal: string;
  /** The merchant's answers to the notifications (`success` / `fail`), in the order sent. */
  notifyAnswers: string[];
}

/** Sorted non-empty params but sign/sign_type as `k=v&…`, the key appended, MD5 in hex. */
export function epaySignature(params: Record<string, string>, key: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort();
  const text = names.map((name) => `${name}=${params[name]}`).join('&');
  return createHash('md5').update(`${text}${key}`).digest('hex');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const requiredFields = [
  'pid',
  'type',
  'out_trade_no',
  'notify_url',
  'return_url',
  'name',
  'money',
  'sign',
  'sign_type',
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export class FakeEpay {
  readonly submissions: EpaySubmission[] = [];
  private nextTradeNo = 1;

  private constructor(
    private readonly server: Server,
    private readonly account: FakeEpayAccount,
    private readonly notifyTimes: number,
    /** The provider's address, to configure as `PayAddress`. */
    readonly url: string,
  ) {}

  static async start(account: FakeEpayAccount, notifyTimes = 2): Promise<FakeEpay> {
    const ready: { provider?: FakeEpay } = {};
    const server = createServer((request, response) => {
      ready.provider!.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ready.provider = new FakeEpay(server, account, notifyTimes, `http://127.0.0.1:${port}`);
    return ready.provider;
  }

  private check(fields: Record<string, string>): string {
    const missing = requiredFields.filter((name) => !fields[name]);
    if (missing.length > 0) return `missing ${missing.join(', ')}`;
    if (fields.pid !== this.account.partnerId) return 'unknown merchant';
    if (fields.sign_type !== 'MD5') return 'unsupported sign_type';
    if (fields.sign !== epaySignature(fields, this.account.key)) return 'signature mismatch';
    if (!/^\d+\.\d{2}$/.test(fields.money) || Number(fields.money) <= 0) return 'bad money';
    if (!['alipay', 'wxpay', 'qqpay'].includes(fields.type)) return 'unknown type';
    return '';
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    if (url.pathname !== '/submit.php') {
      response.writeHead(404).end();
      return;
    }
    const source =
      request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const fields = Object.fromEntries(source);
    const submission: EpaySubmission = { fields, refusal: this.check(fields), notifyAnswers: [] };
    this.submissions.push(submission);
    if (submission.refusal !== '') {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(submission.refusal);
      return;
    }

    // Paid: the merchant hears of it (repeatedly, all at once) before the payer is sent back.
    const notification: Record<string, string> = {
      pid: this.account.partnerId,
      trade_no: `2025${String(this.nextTradeNo++).padStart(8, '0')}`,
      out_trade_no: fields.out_trade_no,
      type: fields.type,
      name: fields.name,
      money: fields.money,
      trade_status: 'TRADE_SUCCESS',
    };
    notification.sign = epaySignature(notification, this.account.key);
    notification.sign_type = 'MD5';
    const query = new URLSearchParams(notification).toString();
    submission.notifyAnswers = await Promise.all(
      Array.from({ length: this.notifyTimes }, async () => {
        const answer = await fetch(`${fields.notify_url}?${query}`);
        return answer.text();
      }),
    );

    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>Fake Epay</title></head><body>` +
        `<h1>Paid ¥${escapeHtml(fields.money)} for ${escapeHtml(fields.name)}</h1>` +
        `<a href="${escapeHtml(fields.return_url)}">Return to the merchant</a></body></html>`,
    );
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
