import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Hosts an operator lets the server reach although they are internal (`OUTBOUND_ALLOWED_HOSTS`):
 * host names, IP addresses and CIDR ranges. A name matches a URL's host name exactly (no
 * wildcards); an address or range matches the address a host name resolves to, or an IP-literal
 * host.
 */
export class OutboundAllowList {
  private readonly names = new Set<string>();
  private readonly addresses = new BlockList();
  private hasAddresses = false;

  /** @param entries checked by `invalidOutboundAllowEntry` (config.ts does at start). */
  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const plain = stripBrackets(address);
      const family = isIP(plain);
      if (family === 0) {
        this.names.add(normaliseHostName(entry));
        continue;
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.addresses.addAddress(plain, type);
      else this.addresses.addSubnet(plain, Number(prefix), type);
      this.hasAddresses = true;
    }
  }

  /** Whether a URL's host name (brackets and a final dot allowed) is listed by name. */
  allowsName(hostname: string): boolean {
    return this.names.has(normaliseHostName(hostname));
  }

  /** Whether an IP address (IPv4-mapped IPv6 read as its IPv4 address) is listed or in a range. */
  allowsAddress(address: string): boolean {
    if (!this.hasAddresses) return false;
    const plain = stripBrackets(address);
    if (isIP(plain) === 0) return false;
    // ipaddr.js reads an IPv4-mapped address (either spelling) as its IPv4 address.
    const candidate = ipaddr.process(plain);
    return this.addresses.check(candidate.toString(), candidate.kind());
  }
}

/** A host name as compared: lower case, without IPv6 brackets or a final dot. */
export function normaliseHostName(hostname: string): string {
  return stripBrackets(hostname.trim().toLowerCase()).replace(/\.$/, '');
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The first entry of `OUTBOUND_ALLOWED_HOSTS` that is neither an IP address, a CIDR range nor a
 * host name as a URL would carry it (so `0x7f000001` or `host:8080` are refused rather than never
 * matching); undefined when all are fine.
 */
export function invalidOutboundAllowEntry(entries: readonly string[]): string | undefined {
  return entries.find((entry) => {
    const parts = entry.split('/');
    const address = stripBrackets(parts[0]!);
    const family = isIP(address);
    if (parts.length > 2) return true;
    if (parts.length === 2) {
      if (family === 0 || !/^\d{1,3}$/.test(parts[1]!)) return true;
      return Number(parts[1]) > (family === 6 ? 128 : 32);
    }
    if (family !== 0) return false;
    return !isHostName(entry);
  });
}

/** A name a URL keeps as its host name unchanged: letters, digits, hyphens, dots, no number forms. */
function isHostName(entry: string): boolean {
  if (!/^[a-z0-9.-]+$/i.test(entry) || entry.startsWith('.')) return false;
  try {
    return new URL(`http://${entry}/`).hostname === entry.toLowerCase();
  } catch {
    return false;
  }
}
