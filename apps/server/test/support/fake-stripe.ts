/**
 * A fake Stripe API for tests: a real HTTP server speaking the few calls Tollgate makes
 * (customers, Checkout Sessions, charges, disputes), refusing any call without the right
 * `Authorization: Bearer <secret>`, plus the test's hands on the payer's side (pay, expire,
 * refund, dispute) and webhook deliveries signed the way Stripe signs them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeStripeAccount {
  apiSecret: string;
  webhookSecret: string;
  /** Prices known to the account: id → unit amount (minor units) and currency. */
  prices: Record<string, { unitAmount: number; currency: string }>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  customer: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  url: string;
  total_details: { amount_discount: number };
  /** Form fields the session was created with (for assertions). */
  created_with: Record<string, string>;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
}

/** How the payer pays a session (defaults: what the session asks). */
export interface PayOptions {
  amountTotal?: number;
  currency?: string;
  paymentStatus?: 'paid' | 'unpaid';
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly charges = new Map<string, FakeCharge>();
  readonly disputes = new Map<
    string,
    { id: string; object: 'dispute'; charge: string; payment_intent: string; reason: string }
  >();
  readonly customers: Array<{ id: string; email: string }> = [];
  /** Calls refused for a wrong secret. */
  unauthorized = 0;
  private counter = 0;
  private readonly signer = new Stripe('sk_test_signer');

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly account: FakeStripeAccount,
  ) {}

  static async start(account: FakeStripeAccount): Promise<FakeStripe> {
    const holder: { fake?: FakeStripe } = {};
    const server = createServer((request, response) => {
      void holder.fake!.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new FakeStripe(server, `http://127.0.0.1:${port}`, account);
    return holder.fake;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${this.counter}`;
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    if (request.headers.authorization !== `Bearer ${this.account.apiSecret}`) {
      this.unauthorized += 1;
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } }];
    }
    const url = new URL(request.url ?? '/', this.url);
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.nextId('cus'), object: 'customer', email: form.email ?? '' };
      this.customers.push(customer);
      return [200, customer];
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions')
      return this.createSession(form);
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...this.sessions.values()].filter((s) => s.payment_intent === intent);
      return [200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }];
    }
    const [, , kind, id] = path.split('/');
    const found =
      kind === 'checkout'
        ? this.sessions.get(path.split('/')[4] ?? '')
        : kind === 'charges'
          ? this.charges.get(id ?? '')
          : kind === 'disputes'
            ? this.disputes.get(id ?? '')
            : undefined;
    if (request.method === 'GET' && found) return [200, found];
    return [404, { error: { type: 'invalid_request_error', message: `No such object: ${path}` } }];
  }

  private createSession(form: Record<string, string>): [number, unknown] {
    const price = this.account.prices[form['line_items[0][price]'] ?? ''];
    const quantity = Number(form['line_items[0][quantity]']);
    if (!price || !Number.isInteger(quantity) || quantity < 1 || form.mode !== 'payment') {
      return [400, { error: { type: 'invalid_request_error', message: 'bad session' } }];
    }
    const id = this.nextId('cs');
    const amount = price.unitAmount * quantity;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      payment_intent: null,
      url: `${this.url}/pay/${id}`,
      total_details: { amount_discount: 0 },
      created_with: form,
    };
    this.sessions.set(id, session);
    return [200, session];
  }

  /** The session a pay link opens. */
  sessionOfLink(payLink: string): FakeSession {
    const session = this.sessions.get(payLink.split('/').at(-1) ?? '');
    if (!session) throw new Error(`no session for ${payLink}`);
    return session;
  }

  /** The payer pays (or, with options, Stripe reports something else); returns the charge id. */
  pay(sessionId: string, options: PayOptions = {}): string {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = options.paymentStatus ?? 'paid';
    if (options.amountTotal !== undefined) {
      session.amount_total = options.amountTotal;
      session.amount_subtotal = options.amountTotal;
    }
    if (options.currency !== undefined) session.currency = options.currency;
    session.payment_intent = this.nextId('pi');
    const charge: FakeCharge = {
      id: this.nextId('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: session.payment_intent,
      refunded: false,
    };
    this.charges.set(charge.id, charge);
    return charge.id;
  }

  expire(sessionId: string): void {
    this.sessions.get(sessionId)!.status = 'expired';
  }

  refund(chargeId: string): void {
    const charge = this.charges.get(chargeId)!;
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
  }

  /** Opens a dispute on a charge; returns its id. */
  dispute(chargeId: string): string {
    const charge = this.charges.get(chargeId)!;
    const dispute = {
      id: this.nextId('dp'),
      object: 'dispute' as const,
      charge: chargeId,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
    };
    this.disputes.set(dispute.id, dispute);
    return dispute.id;
  }

  /**
   * A webhook delivery for `type` about `object` (as Stripe sends it: the object as it was when
   * the event happened), signed with the account's webhook secret.
   */
  event(type: string, object: unknown): { body: string; signature: string } {
    const body = JSON.stringify({
      id: this.nextId('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      data: { object },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.account.webhookSecret,
    });
    return { body, signature };
  }
}
