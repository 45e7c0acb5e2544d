const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The first problem of an email domain whitelist, as a translation key and its values: an
 * entry that is not a domain name, or one listed twice (case aside). Undefined when it is fine.
 */
export function domainListProblem(
  domains: readonly string[],
): { key: string; values: { domain: string } } | undefined {
  const seen = new Set<string>();
  for (const raw of domains) {
    const domain = raw.trim();
    if (!domainPattern.test(domain)) return { key: 'validation.domain', values: { domain } };
    const normalised = domain.toLowerCase();
    if (seen.has(normalised)) return { key: 'validation.domainRepeated', values: { domain } };
    seen.add(normalised);
  }
  return undefined;
}
