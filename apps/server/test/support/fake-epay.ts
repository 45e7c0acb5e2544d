/**
 * A fake Epay provider for tests: a real HTTP server that accepts the payment form at
 * `/submit.php` only when its `pid` and MD5 signature are right (checked with the shared key, by
 * code written here and not the server's signer, so a signing bug fails a test), remembers the
 * order, and then calls the order's notify URL the way a provider does — signed correctly, or
 * with a changed amount (re-signed, so only an amount check can catch it), or with a bad signature.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** How the fake merchant account is set up. */
export interface FakeEpayAccount {
  /** The merchant id (`pid`) the provider knows. */
  partnerId: string;
  /** The key shared with the merchant. */
  key: string;
}

/** An order the provider accepted from a posted form. */
export interface AcceptedOrder {
  outTradeNo: string;
  type: string;
  name: string;
  money: string;
  notifyUrl: string;
  returnUrl: string;
  /** The provider's own trade number for it. */
  providerTradeNo: string;
}

/** What a posted form got back. */
export interface SubmitResult {
  status: number;
  body: string;
}

/** Variations of a notification. */
export interface NotifyOptions {
  /** Report this money instead of the order's (the notification is still signed correctly). */
  money?: string;
  /** Report this status instead of TRADE_SUCCESS. */
  tradeStatus?: string;
  /** Report this merchant id instead of the account's (signed correctly). */
  partnerId?: string;
  /** Send a wrong signature. */
  badSignature?: boolean;
  /** GET with a query string (default, as most providers) or POST a form. */
  method?: 'GET' | 'POST';
  /** Call this server (`http://host:port`) instead of the one in the order's notify URL. */
  target?: string;
}

/** The provider's MD5 signature: sorted non-empty params but sign/sign_type, `k=v&…` + key. */
function providerSignature(params: Record<string, string>, key: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort();
  let text = '';
  for (const name of names) text += `${text === '' ? '' : '&'}${name}=${params[name]}`;
  return createHash('md5').update(`${text}${key}`).digest('hex');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const REQUIRED_FIELDS = [
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

export class FakeEpay {
  /** Orders accepted, by the merchant's trade number. */
  readonly orders = new Map<string, AcceptedOrder>();
  /** Every form received and why it was refused ('' when accepted). */
  readonly submissions: { fields: Record<string, string>; refusal: string }[] = [];
  private nextTradeNo = 1;

  private constructor(
    private readonly server: Server,
    private readonly account: FakeEpayAccount,
    /** The provider's address, to configure as `PayAddress`. */
    readonly url: string,
  ) {}

  static async start(account: FakeEpayAccount): Promise<FakeEpay> {
    // The handler needs the provider, which needs the listening server's address.
    const ready: { provider?: FakeEpay } = {};
    const server = createServer((request, response) => {
      void ready.provider!.handle(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ready.provider = new FakeEpay(server, account, `http://127.0.0.1:${port}`);
    return ready.provider;
  }

  private async handle(request: IncomingMessage): Promise<SubmitResult> {
    const url = new URL(request.url ?? '/', this.url);
    if (url.pathname !== '/submit.php') return { status: 404, body: 'not found' };
    const source =
      request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const fields = Object.fromEntries(source);
    const refusal = this.check(fields);
    this.submissions.push({ fields, refusal });
    if (refusal !== '') return { status: 400, body: refusal };
    const providerTradeNo = `2025${String(this.nextTradeNo++).padStart(8, '0')}`;
    this.orders.set(fields.out_trade_no!, {
      outTradeNo: fields.out_trade_no!,
      type: fields.type!,
      name: fields.name!,
      money: fields.money!,
      notifyUrl: fields.notify_url!,
      returnUrl: fields.return_url!,
      providerTradeNo,
    });
    return { status: 200, body: `pay ${fields.money} for ${fields.name}` };
  }

  private check(fields: Record<string, string>): string {
    const missing = REQUIRED_FIELDS.filter((name) => !fields[name]);
    if (missing.length > 0) return `missing ${missing.join(', ')}`;
    if (fields.pid !== this.account.partnerId) return 'unknown merchant';
    if (fields.sign_type !== 'MD5') return 'unsupported sign_type';
    if (fields.sign !== providerSignature(fields, this.account.key)) return 'signature mismatch';
    if (!/^\d+\.\d{2}$/.test(fields.money!) || Number(fields.money) <= 0) return 'bad money';
    if (!['alipay', 'wxpay', 'qqpay'].includes(fields.type!)) return 'unknown type';
    return '';
  }

  /** Posts a form to the provider, as the payer's browser does with the pay answer. */
  async submit(url: string, form: Record<string, string>): Promise<SubmitResult> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  /** The signed notification params for an accepted order. */
  notification(outTradeNo: string, options: NotifyOptions = {}): Record<string, string> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the provider has no order ${outTradeNo}`);
    const params: Record<string, string> = {
      pid: options.partnerId ?? this.account.partnerId,
      trade_no: order.providerTradeNo,
      out_trade_no: order.outTradeNo,
      type: order.type,
      name: order.name,
      money: options.money ?? order.money,
      trade_status: options.tradeStatus ?? 'TRADE_SUCCESS',
      sign_type: 'MD5',
    };
    const sign = providerSignature(params, this.account.key);
    params.sign = options.badSignature ? sign.replace(/^./, sign[0] === '0' ? '1' : '0') : sign;
    return params;
  }

  /** Calls the order's notify URL; returns the merchant's status and body (`success`/`fail`). */
  async notify(outTradeNo: string, options: NotifyOptions = {}): Promise<SubmitResult> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the provider has no order ${outTradeNo}`);
    const params = new URLSearchParams(this.notification(outTradeNo, options));
    const target = new URL(order.notifyUrl);
    if (options.target) {
      const override = new URL(options.target);
      target.protocol = override.protocol;
      target.host = override.host;
    }
    const response =
      options.method === 'POST'
        ? await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: params.toString(),
          })
        : await fetch(`${target.toString()}?${params.toString()}`);
    return { status: response.status, body: await response.text() };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
