/**
 * Reads a value out of a provider's user info by a simple dotted path (`sub`, `profile.login`,
 * `groups.0`): each segment is an object key, or an array index when the value is an array.
 * Fields whose own name contains a dot are found too when the whole path is one key.
 */
export function readClaim(source: unknown, path: string): unknown {
  if (path === '') return undefined;
  if (isRecord(source) && Object.prototype.hasOwnProperty.call(source, path)) return source[path];
  let current: unknown = source;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isRecord(current)) {
      current = Object.prototype.hasOwnProperty.call(current, segment)
        ? current[segment]
        : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

/** A claim as text: strings as they are, finite numbers in decimal, anything else ''. */
export function claimText(source: unknown, path: string): string {
  const value = readClaim(source, path);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
