/**
 * A fake Creem API for tests: `POST /v1/checkouts` and `GET /v1/checkouts?checkout_id=…`, both
 * refusing a wrong `x-api-key`, plus the payer's side (pay, refund) and webhook deliveries signed
 * with HMAC-SHA256 of the body (written here, not with the server's code, so a signing bug fails
 * a test).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCreemAccount {
  apiKey: string;
  webhookSecret: string;
  /** Products known to Creem: id → price (minor units) and currency. */
  products: Record<string, { amount: number; currency: string }>;
}

export interface FakeCheckout {
  id: string;
  object: 'checkout';
  status: 'pending' | 'completed';
  request_id: string;
  product: string;
  checkout_url: string;
  metadata: Record<string, unknown>;
  customer?: { email?: string };
  order: { id: string; status: 'pending' | 'paid'; amount: number; currency: string; type: string };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FakeCreem {
  readonly checkouts = new Map<string, FakeCheckout>();
  unauthorized = 0;
  private counter = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly account: FakeCreemAccount,
  ) {}

  static async start(account: FakeCreemAccount): Promise<FakeCreem> {
    const holder: { fake?: FakeCreem } = {};
    const server = createServer((request, response) => {
      void holder.fake!.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new FakeCreem(server, `http://127.0.0.1:${port}`, account);
    return holder.fake;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    if (request.headers['x-api-key'] !== this.account.apiKey) {
      this.unauthorized += 1;
      return [403, { error: 'forbidden' }];
    }
    const url = new URL(request.url ?? '/', this.url);
    if (url.pathname !== '/v1/checkouts') return [404, { error: 'not found' }];
    if (request.method === 'GET') {
      const checkout = this.checkouts.get(url.searchParams.get('checkout_id') ?? '');
      return checkout ? [200, checkout] : [404, { error: 'not found' }];
    }
    const body = JSON.parse(await readBody(request)) as {
      product_id: string;
      request_id: string;
      metadata?: Record<string, unknown>;
      customer?: { email?: string };
    };
    const product = this.account.products[body.product_id];
    if (!product) return [404, { error: 'no such product' }];
    this.counter += 1;
    const id = `ch_fake${this.counter}`;
    const checkout: FakeCheckout = {
      id,
      object: 'checkout',
      status: 'pending',
      request_id: body.request_id,
      product: body.product_id,
      checkout_url: `${this.url}/checkout/${id}`,
      metadata: body.metadata ?? {},
      ...(body.customer ? { customer: body.customer } : {}),
      order: {
        id: `ord_fake${this.counter}`,
        status: 'pending',
        amount: product.amount,
        currency: product.currency,
        type: 'onetime',
      },
    };
    this.checkouts.set(id, checkout);
    return [200, checkout];
  }

  /** The checkout a checkout URL opens. */
  checkoutOfUrl(checkoutUrl: string): FakeCheckout {
    const checkout = this.checkouts.get(checkoutUrl.split('/').at(-1) ?? '');
    if (!checkout) throw new Error(`no checkout for ${checkoutUrl}`);
    return checkout;
  }

  /** The payer pays; with options, Creem records something else. */
  pay(checkoutId: string, options: { amount?: number; currency?: string } = {}): FakeCheckout {
    const checkout = this.checkouts.get(checkoutId)!;
    checkout.status = 'completed';
    checkout.order.status = 'paid';
    if (options.amount !== undefined) checkout.order.amount = options.amount;
    if (options.currency !== undefined) checkout.order.currency = options.currency;
    return checkout;
  }

  /** A webhook body for `eventType` about `object`, with its `creem-signature`. */
  event(eventType: string, object: unknown, secret = this.account.webhookSecret) {
    this.counter += 1;
    const body = JSON.stringify({
      id: `evt_fake${this.counter}`,
      eventType,
      created_at: Date.now(),
      object,
    });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    return { body, signature };
  }
}
