/** The content codings the console's files are precompressed with, smallest output first. */
export const precompressedEncodings = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof precompressedEncodings)[number];

/** The coding to answer with: one of the precompressed ones, or `identity` (the file as is). */
export type ChosenEncoding = PrecompressedEncoding | 'identity';

const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;

/**
 * Reads an `Accept-Encoding` header (RFC 9110 §12.5.3) into coding → quality. A missing or
 * unparsable quality counts as 1 for a bare coding and as 0 for a malformed `q=` (a client that
 * meant to refuse something is never sent it). `x-gzip` is gzip.
 */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const member of header.split(',')) {
    const [rawCoding, ...parameters] = member.split(';');
    let coding = rawCoding.trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let quality = 1;
    for (const parameter of parameters) {
      const trimmed = parameter.trim();
      if (!/^q\s*=/i.test(trimmed)) continue;
      const compact = trimmed.replace(/\s+/g, '');
      quality = QUALITY.test(compact) ? Number(compact.slice(2)) : 0;
    }
    // A coding listed twice keeps its most cautious quality.
    const previous = qualities.get(coding);
    qualities.set(coding, previous === undefined ? quality : Math.min(previous, quality));
  }
  return qualities;
}

/**
 * Picks the coding to send among `available` (the precompressed siblings a file has). A coding is
 * acceptable when the header names it, or names `*`, with a quality above 0; the highest quality
 * wins, brotli before gzip on a tie, and an explicitly preferred `identity` beats both. Without
 * the header, or when nothing available is acceptable, the file goes out as is.
 */
export function chooseEncoding(
  header: string | undefined,
  available: readonly PrecompressedEncoding[],
): ChosenEncoding {
  if (header === undefined || available.length === 0) return 'identity';
  const qualities = parseAcceptEncoding(header);
  const wildcard = qualities.get('*');
  let best: ChosenEncoding = 'identity';
  let bestQuality = 0;
  for (const encoding of precompressedEncodings) {
    if (!available.includes(encoding)) continue;
    const quality = qualities.get(encoding) ?? wildcard ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  const identityQuality = qualities.get('identity');
  if (identityQuality !== undefined && identityQuality > bestQuality) return 'identity';
  return best;
}
