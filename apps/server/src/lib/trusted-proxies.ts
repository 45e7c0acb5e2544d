import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`): addresses and CIDRs, IPv4
 * and IPv6. Without any, the client's address is the socket's, whatever the headers say: otherwise
 * anyone could pick their own address past token IP allow lists and per-IP rate limits.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  /** @param entries addresses or CIDRs, already checked by `parseTrustedProxies`. */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
    this.empty = entries.length === 0;
  }

  /** Whether `address` (as a socket reports it, IPv4-mapped IPv6 included) is a trusted proxy. */
  trusts(address: string): boolean {
    if (this.empty || !address) return false;
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client's address: the socket's, unless that is a trusted proxy; then `X-Forwarded-For`
   * read from the right, skipping trusted hops, as each proxy appended the address it saw.
   */
  clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined): string {
    if (!this.trusts(socketAddress) || !forwardedFor) return socketAddress;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    let client = socketAddress;
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      client = hops[index];
      if (!this.trusts(client)) return client;
    }
    return client;
  }
}

/** Checks `TRUSTED_PROXIES` entries; answers the bad one, or undefined when all are fine. */
export function invalidTrustedProxy(entries: readonly string[]): string | undefined {
  return entries.find((entry) => {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return true;
    if (prefix === undefined) return false;
    if (!/^\d{1,3}$/.test(prefix)) return true;
    return Number(prefix) > (family === 6 ? 128 : 32);
  });
}
