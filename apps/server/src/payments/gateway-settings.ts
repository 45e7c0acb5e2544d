/**
 * The Stripe and Creem settings (reference 2026 additions §2), read from the options at the
 * moment of use, and the API clients. `STRIPE_API_BASE` and `CREEM_API_BASE` (environment) point
 * the clients at fakes — for tests only; in production both are unset.
 */
import { creemProductsSchema, type CreemProduct } from '@tollgate/contracts';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { randomAlphanumeric } from '../lib/random.js';
import type { OptionStore } from '../options/option-store.js';

type OptionReader = Pick<OptionStore, 'get' | 'getBoolean' | 'getNumber'>;

/** The Stripe account: enabled when the secret looks like an API key and the rest is set. */
export interface StripeSettings {
  apiSecret: string;
  webhookSecret: string;
  priceId: string;
  unitPrice: number;
  minTopUp: number;
  promotionCodes: boolean;
}

/** The Stripe account alone (no top-up price): enough for webhooks and subscription orders. */
export type StripeAccount = Pick<StripeSettings, 'apiSecret' | 'webhookSecret'>;

/** The account when the secret looks like an API key and a webhook secret is set. */
export function readStripeAccount(options: OptionReader): StripeAccount | undefined {
  const apiSecret = options.get('StripeApiSecret').trim();
  const webhookSecret = options.get('StripeWebhookSecret').trim();
  if (!/^(sk|rk)_/.test(apiSecret) || webhookSecret === '') return undefined;
  return { apiSecret, webhookSecret };
}

export function readStripeSettings(options: OptionReader): StripeSettings | undefined {
  const account = readStripeAccount(options);
  const priceId = options.get('StripePriceId').trim();
  if (!account || priceId === '') return undefined;
  return {
    ...account,
    priceId,
    unitPrice: options.getNumber('StripeUnitPrice'),
    minTopUp: options.getNumber('StripeMinTopUp'),
    promotionCodes: options.getBoolean('StripePromotionCodesEnabled'),
  };
}

/** A Stripe client for `apiSecret`; no automatic retries (a failed call is reported, not hidden). */
export function stripeClient(apiSecret: string): Stripe {
  const base = process.env.STRIPE_API_BASE?.trim();
  if (!base) return new Stripe(apiSecret, { maxNetworkRetries: 0, timeout: 30_000 });
  const url = new URL(base);
  return new Stripe(apiSecret, {
    maxNetworkRetries: 0,
    timeout: 30_000,
    host: url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  });
}

/** The Creem account: enabled with an API key and a webhook secret (or in test mode). */
export interface CreemSettings {
  apiKey: string;
  webhookSecret: string;
  testMode: boolean;
  /** Undefined when `CreemProducts` is not a valid product list. */
  products: CreemProduct[] | undefined;
}

export function readCreemSettings(options: OptionReader): CreemSettings | undefined {
  const apiKey = options.get('CreemApiKey').trim();
  const webhookSecret = options.get('CreemWebhookSecret').trim();
  const testMode = options.getBoolean('CreemTestMode');
  if (apiKey === '' || (webhookSecret === '' && !testMode)) return undefined;
  return {
    apiKey,
    webhookSecret,
    testMode,
    products: parseCreemProducts(options.get('CreemProducts')),
  };
}

/** `CreemProducts` as a list, or undefined when it is not one. */
export function parseCreemProducts(text: string): CreemProduct[] | undefined {
  try {
    const parsed = creemProductsSchema.safeParse(JSON.parse(text.trim() === '' ? '[]' : text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Creem's API base: the test API in test mode, `CREEM_API_BASE` for tests of Tollgate. */
export function creemApiBase(settings: Pick<CreemSettings, 'testMode'>): string {
  const override = process.env.CREEM_API_BASE?.trim();
  if (override) return override.replace(/\/+$/, '');
  return settings.testMode ? 'https://test-api.creem.io' : 'https://api.creem.io';
}

/**
 * Currencies Stripe and Creem count in whole units (no minor unit): their amounts are not cents.
 * Every other currency has two decimals.
 */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** `money` (major units, as stored in `top_ups.money`) in the currency's minor units. */
export function minorUnitsOf(money: number, currency: string): number {
  const factor = ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? 1 : 100;
  return Math.round(money * factor);
}

/** Minor units back to major units, for storing in `top_ups.money`. */
export function majorUnitsOf(minor: number, currency: string): number {
  const factor = ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? 1 : 100;
  return minor / factor;
}

/**
 * An order reference as new-api makes them: `ref_` + SHA-1 hex of
 * `<prefix>-<userId>-<milliseconds>-<4 random characters>`.
 */
export function newOrderReference(prefix: string, userId: number): string {
  const seed = `${prefix}-${userId}-${Date.now()}-${randomAlphanumeric(4)}`;
  return `ref_${createHash('sha1').update(seed).digest('hex')}`;
}
