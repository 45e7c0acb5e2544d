import { describe, expect, it } from 'vitest';
import { cachedUptimeStatus, UPTIME_CACHE_MS, type UptimeKumaGroup } from './uptime-kuma-status.js';

const group = (slug: string): UptimeKumaGroup => ({
  categoryName: slug,
  url: 'https://status.example.com',
  slug,
});

describe('cachedUptimeStatus', () => {
  it('reads once per period for the same pages, and again when they change or it expires', async () => {
    let clock = 1_000_000;
    const reads: string[] = [];
    let release: () => void = () => {};
    const status = cachedUptimeStatus(
      async (groups) => {
        reads.push(groups.map((entry) => entry.slug).join(','));
        await new Promise<void>((resolve) => (release = resolve));
        return groups.map((entry) => ({ categoryName: entry.categoryName, monitors: [] }));
      },
      () => clock,
    );

    // Callers arriving during a read share it.
    const first = status([group('a')]);
    const second = status([group('a')]);
    release();
    expect(await first).toBe(await second);
    expect(reads).toEqual(['a']);

    clock += UPTIME_CACHE_MS - 1;
    expect(await status([group('a')])).toBe(await first);
    expect(reads).toEqual(['a']);

    const changed = status([group('a'), group('b')]);
    release();
    expect(await changed).toHaveLength(2);
    expect(reads).toEqual(['a', 'a,b']);

    clock += UPTIME_CACHE_MS;
    const expired = status([group('a'), group('b')]);
    release();
    await expired;
    expect(reads).toEqual(['a', 'a,b', 'a,b']);
  });
});
