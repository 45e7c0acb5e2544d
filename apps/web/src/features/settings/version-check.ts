/**
 * Where the console looks for the newest release when the operator asks (a GitHub "latest
 * release" answer: `tag_name`, `body`, `html_url`). On a closed network the request fails and
 * the console says the check could not be made.
 */
export const LATEST_RELEASE_URL =
  'https://api.github.com/repos/tollgate-gateway/tollgate/releases/latest';

export interface LatestRelease {
  tag: string;
  /** Release notes (Markdown). */
  notes: string;
  url: string;
}

export async function fetchLatestRelease(signal?: AbortSignal): Promise<LatestRelease> {
  const response = await fetch(LATEST_RELEASE_URL, {
    headers: { Accept: 'application/vnd.github+json' },
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.tag_name !== 'string') throw new Error('no tag_name');
  return {
    tag: body.tag_name,
    notes: typeof body.body === 'string' ? body.body : '',
    url: typeof body.html_url === 'string' ? body.html_url : '',
  };
}

function parts(version: string): number[] {
  return version
    .replace(/^v/i, '')
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** True when `latest` is a later version than `current` (major.minor.patch, `v` optional). */
export function isNewerVersion(latest: string, current: string): boolean {
  const [a, b] = [parts(latest), parts(current)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
