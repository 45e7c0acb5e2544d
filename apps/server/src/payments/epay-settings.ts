import path from 'node:path';
import { LEGACY_PAY_METHOD_TYPES } from '@tollgate/contracts';
import type { OptionStore } from '../options/option-store.js';

/** The options the Epay code reads. */
export type EpayOptionReader = Pick<OptionStore, 'get' | 'getJson'>;

/** The merchant account at the Epay provider. */
export interface EpaySettings {
  /** The provider's base address (`PayAddress`). */
  payAddress: string;
  /** The merchant id (`EpayId`), sent as `pid`. */
  partnerId: string;
  /** The shared signing key (`EpayKey`); never leaves the server. */
  key: string;
}

/** Online top-up is on when `PayAddress`, `EpayId` and `EpayKey` are all set (`enable_online_topup`). */
export function readEpaySettings(options: EpayOptionReader): EpaySettings | undefined {
  const payAddress = options.get('PayAddress').trim();
  const partnerId = options.get('EpayId').trim();
  const key = options.get('EpayKey');
  if (payAddress === '' || partnerId === '' || key === '') return undefined;
  return { payAddress, partnerId, key };
}

/**
 * `<PayAddress>/submit.php`, joined as a path (a trailing slash or a sub-path of the address is
 * kept right), or undefined when the address is not a URL.
 */
export function epaySubmitUrl(payAddress: string): string | undefined {
  try {
    const url = new URL(payAddress);
    url.pathname = path.posix.join(url.pathname, 'submit.php');
    return url.toString();
  } catch {
    return undefined;
  }
}

function withoutTrailingSlashes(address: string): string {
  return address.trim().replace(/\/+$/, '');
}

/** `CustomCallbackAddress` (or `ServerAddress`) + `route`: where the provider calls back. */
export function epayCallbackUrl(options: EpayOptionReader, route: string): string {
  const base = options.get('CustomCallbackAddress').trim() || options.get('ServerAddress');
  return `${withoutTrailingSlashes(base)}${route}`;
}

/** Where the provider reports top-up payments. */
export function epayNotifyUrl(options: EpayOptionReader): string {
  return epayCallbackUrl(options, '/api/user/epay/notify');
}

/** Where the payer's browser goes back to after paying: the console's usage log. */
export function epayReturnUrl(options: EpayOptionReader): string {
  return `${withoutTrailingSlashes(options.get('ServerAddress'))}/log`;
}

/** The Epay `type` a payment-method type stands for (`zfb` → `alipay`, `wx` → `wxpay`). */
function epayTypeOf(methodType: string): string {
  return LEGACY_PAY_METHOD_TYPES[methodType] ?? methodType;
}

/**
 * The Epay `type` for the `payment_method` a console sent, or undefined when no configured
 * `PayMethods` entry (with a name and a type, as `/api/status` offers them) stands for it. Old and
 * new spellings of the same method are one method: `zfb` matches a method configured as `alipay`.
 */
export function resolveEpayType(
  options: EpayOptionReader,
  paymentMethod: string,
): string | undefined {
  const wanted = epayTypeOf(paymentMethod.trim());
  if (wanted === '') return undefined;
  const offered = options
    .getJson('PayMethods')
    .some(
      (method) =>
        Boolean(method.name) && Boolean(method.type) && epayTypeOf(method.type!) === wanted,
    );
  return offered ? wanted : undefined;
}
