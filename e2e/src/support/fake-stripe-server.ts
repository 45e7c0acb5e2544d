/**
 * A small Stripe for the browser tests: the API calls Tollgate makes to open a Checkout Session
 * (create a customer, create a session, read a session back) and the hosted checkout page the
 * payer is sent to. The server reaches it through `STRIPE_API_BASE`.
 *
 * The checkout page (`/pay/<session id>`) has one "Pay" button. Paying marks the session complete
 * and paid, delivers `checkout.session.completed` to the merchant's webhook signed as Stripe signs
 * it (`Stripe-Signature`, HMAC-SHA256 under the webhook secret) and only then sends the payer to
 * the session's `success_url` — as Stripe does, the merchant may hear of the payment first.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export interface FakeStripeAccount {
  apiSecret: string;
  webhookSecret: string;
  /** Prices the account sells: id → unit amount in cents (US dollars). */
  prices: Record<string, number>;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  client_reference_id: string | null;
  customer: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  total_details: { amount_discount: number };
}

/** One webhook delivery: the event type, the session and the merchant's HTTP status. */
export interface WebhookDelivery {
  type: string;
  session: string;
  status: number;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Stripe's error shape: the SDK turns `invalid_request_error` into StripeInvalidRequestError. */
function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { type: 'invalid_request_error', message } });
}

export class FakeStripeServer {
  readonly sessions = new Map<string, CheckoutSession>();
  readonly customers: string[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** Where paid sessions are reported: Tollgate's `/api/stripe/webhook`, set once it is up. */
  webhookUrl = '';
  private counter = 0;
  // Signing needs no API access; the key is never used to call Stripe.
  private readonly signer = new Stripe('sk_test_fake_signer');

  private constructor(
    private readonly server: Server,
    private readonly account: FakeStripeAccount,
    /** The fake's address, to pass as `STRIPE_API_BASE`. */
    readonly url: string,
  ) {}

  static async start(account: FakeStripeAccount): Promise<FakeStripeServer> {
    const ready: { fake?: FakeStripeServer } = {};
    const server = createServer((request, response) => {
      ready.fake!.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ready.fake = new FakeStripeServer(server, account, `http://127.0.0.1:${port}`);
    return ready.fake;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_e2e${String(this.counter).padStart(6, '0')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    const payPage = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (payPage) {
      await this.checkoutPage(method, payPage[1], response);
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.account.apiSecret}`) {
      sendJson(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
      return;
    }
    const form = new URLSearchParams(method === 'POST' ? await readBody(request) : '');
    if (method === 'POST' && url.pathname === '/v1/customers') {
      const id = this.nextId('cus');
      this.customers.push(id);
      sendJson(response, 200, { id, object: 'customer', email: form.get('email') });
      return;
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      this.createSession(form, response);
      return;
    }
    const read = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    const session = read ? this.sessions.get(read[1]) : undefined;
    if (method === 'GET' && session) {
      sendJson(response, 200, session);
      return;
    }
    sendError(response, 404, `No such resource: ${method} ${url.pathname}`);
  }

  /** One line item of a known price; the amounts are that price times the quantity. */
  private createSession(form: URLSearchParams, response: ServerResponse): void {
    const price = form.get('line_items[0][price]') ?? '';
    const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
    const unitAmount = this.account.prices[price];
    if (unitAmount === undefined) {
      sendError(response, 400, `No such price: '${price}'`);
      return;
    }
    if (form.has('line_items[1][price]')) {
      sendError(response, 400, 'one line item expected');
      return;
    }
    const id = this.nextId('cs_test');
    const amount = unitAmount * quantity;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: form.get('mode') ?? '',
      client_reference_id: form.get('client_reference_id'),
      customer: form.get('customer'),
      amount_subtotal: amount,
      amount_total: amount,
      currency: 'usd',
      payment_intent: null,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      url: `${this.url}/pay/${id}`,
      total_details: { amount_discount: 0 },
    };
    this.sessions.set(id, session);
    sendJson(response, 200, session);
  }

  /** GET shows the amount and a Pay button; POST (the button) pays, reports, redirects. */
  private async checkoutPage(method: string, id: string, response: ServerResponse): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such session');
      return;
    }
    if (method === 'GET') {
      const amount = `$${(session.amount_total / 100).toFixed(2)}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body>` +
          `<h1>Pay ${escapeHtml(amount)}</h1>` +
          `<form method="post"><button type="submit">Pay</button></form></body></html>`,
      );
      return;
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= this.nextId('pi');
    const status = await this.deliver('checkout.session.completed', session);
    this.deliveries.push({ type: 'checkout.session.completed', session: id, status });
    response.writeHead(303, { location: session.success_url }).end();
  }

  /** POSTs the event to the merchant, signed over the exact body sent; returns its HTTP status. */
  private async deliver(type: string, session: CheckoutSession): Promise<number> {
    const payload = JSON.stringify({
      id: this.nextId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.account.webhookSecret,
    });
    const answer = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    await answer.arrayBuffer();
    return answer.status;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
