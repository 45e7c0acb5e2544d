import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the server may connect to on someone's behalf: global unicast addresses
 * only. The ranges come from ipaddr.js (IANA's special-purpose registries); this file only says
 * which of its ranges are refused and how IPv6 forms that carry an IPv4 address are read.
 */

/** Why an IPv4 range is refused, by ipaddr.js's range name. */
const IPV4_REASONS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  as112: 'an AS112 (local zone sink) address',
  amt: 'an AMT relay anycast address',
};

/** Why an IPv6 range is refused, by ipaddr.js's range name (the IPv4-carrying forms aside). */
const IPV6_REASONS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  teredo: 'a Teredo tunnel address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT relay anycast address',
  as112v6: 'an AS112 (local zone sink) address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHID address',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID address',
  segmentRouting: 'a segment routing address',
  reserved: 'a reserved address',
};

/**
 * Cloud metadata services on addresses that no range above covers (the others — 169.254.169.254,
 * fd00:ec2::254, Alibaba Cloud's 100.100.100.200, Oracle's 192.0.0.192 — are link-local,
 * unique-local, carrier-grade NAT or reserved already). Azure's WireServer is a public address
 * that answers only inside Azure.
 */
const METADATA_ADDRESSES: ReadonlySet<string> = new Set(['168.63.129.16']);

/** Global unicast IPv6 (2000::/3): everything outside it is unassigned or special. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052); the local-use 64:ff9b:1::/48 carries no fixed layout. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function ipv4Refusal(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  if (range !== 'unicast') return IPV4_REASONS[range] ?? 'a non-global address';
  if (METADATA_ADDRESSES.has(address.toString())) return 'a cloud metadata address';
  return undefined;
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** Why an IPv6 form carrying an IPv4 address is refused: the carried address is. */
function embeddedRefusal(form: string, embedded: ipaddr.IPv4): string | undefined {
  const reason = ipv4Refusal(embedded);
  return reason && `${form} of ${embedded.toString()}, ${reason}`;
}

function ipv6Refusal(address: ipaddr.IPv6): string | undefined {
  const range = address.range();
  const parts = address.parts;
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return embeddedRefusal('an IPv4-mapped form', ipv4FromParts(parts[6]!, parts[7]!));
    case 'rfc6052':
      if (!address.match(NAT64_WELL_KNOWN)) return 'a local-use NAT64 address';
      return embeddedRefusal('a NAT64 form', ipv4FromParts(parts[6]!, parts[7]!));
    case '6to4':
      return embeddedRefusal('a 6to4 form', ipv4FromParts(parts[1]!, parts[2]!));
    case 'unicast':
      return address.match(GLOBAL_UNICAST_V6) ? undefined : 'not a global unicast address';
    default:
      return IPV6_REASONS[range] ?? 'a non-global address';
  }
}

/**
 * Why the server must not connect to `address` (an IP address as DNS or a parsed URL gives it,
 * IPv6 without brackets), as the end of a sentence ("a link-local address"); undefined for a
 * global address. Anything that is not an IP address is refused.
 */
export function addressRefusal(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4'
    ? ipv4Refusal(parsed as ipaddr.IPv4)
    : ipv6Refusal(parsed as ipaddr.IPv6);
}
