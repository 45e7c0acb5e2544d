import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { addressRefusal } from './address-policy.js';
import type { OutboundAllowList } from './outbound-allow-list.js';
import { OutboundRefusedError } from './outbound-refused-error.js';

/** Every address a host name resolves to (tests inject their own answers). */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system resolver, as Node's own connections use it (getaddrinfo: hosts file, DNS). */
export const systemResolver: HostResolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Refuses an address unless it is global or on the allow list; `hostname` names the host it was
 * resolved from (undefined for an IP-literal host).
 */
export function checkAddress(
  address: string,
  allowList: OutboundAllowList,
  hostname?: string,
): void {
  if (allowList.allowsAddress(address)) return;
  const reason = addressRefusal(address);
  if (reason === undefined) return;
  const message =
    hostname === undefined || hostname === address
      ? `${address} is ${reason}`
      : `${hostname} resolves to ${address}, ${reason}`;
  throw new OutboundRefusedError(message, address);
}

/**
 * Resolves `hostname` and checks every address it has: a name with any refused address is refused
 * (a split answer is either a misconfiguration or an attempt to slip one through).
 */
export async function resolveChecked(
  hostname: string,
  resolve: HostResolver,
  allowList: OutboundAllowList,
): Promise<readonly LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) {
    throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
  }
  for (const { address } of addresses) checkAddress(address, allowList, hostname);
  return addresses;
}

/**
 * The `lookup` of a guarded connection (undici's `connect: { lookup }` hands it to net/tls): the
 * addresses it answers are checked first, so the socket dials exactly an address that passed.
 * A DNS answer that changed since an earlier check (rebinding) is checked again here.
 */
export function guardedLookup(resolve: HostResolver, allowList: OutboundAllowList): LookupFunction {
  return lookupThrough((hostname) => resolveChecked(hostname, resolve, allowList));
}

/** A net/tls `lookup` answering from `resolve` (one address, or all when asked). */
export function lookupThrough(resolve: HostResolver): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = familyNumber(options.family);
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`${hostname} has no usable address`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
        } else if (options.all) {
          callback(null, [...usable]);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function familyNumber(family: LookupOptions['family']): 4 | 6 | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}
