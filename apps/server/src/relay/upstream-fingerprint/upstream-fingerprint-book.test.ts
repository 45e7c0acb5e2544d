import { describe, expect, it } from 'vitest';
import {
  MAX_FINGERPRINT_CHANNELS,
  MAX_FINGERPRINT_GROUPS,
  UpstreamFingerprintBook,
} from './upstream-fingerprint-book.js';

describe('UpstreamFingerprintBook', () => {
  it('counts classifications per channel and group with first and last times', () => {
    const book = new UpstreamFingerprintBook();
    book.observe(1, 'default', { 'openai-version': 'x' }, true, 10_000);
    book.observe(1, 'default', { 'openai-version': 'x' }, true, 12_500);
    book.observe(1, 'default', { server: 'uvicorn' }, true, 13_000);
    book.observe(1, 'vip', {}, false, 20_000);
    book.observe(2, 'default', {}, true, 30_000);

    expect(book.report(1)).toEqual([
      {
        group: 'vip',
        first_seen: 20,
        last_seen: 20,
        client_types: [{ client_type: 'unknown', count: 1, first_seen: 20, last_seen: 20 }],
      },
      {
        group: 'default',
        first_seen: 10,
        last_seen: 13,
        client_types: [
          { client_type: 'openai', count: 2, first_seen: 10, last_seen: 12 },
          { client_type: 'python', count: 1, first_seen: 13, last_seen: 13 },
        ],
      },
    ]);
    expect(book.report(2)[0]?.client_types[0]?.client_type).toBe('openai_uncertain');
    expect(book.report(3)).toEqual([]);
  });

  it('stays bounded: the channel and the group seen first are forgotten', () => {
    const book = new UpstreamFingerprintBook();
    for (let id = 1; id <= MAX_FINGERPRINT_CHANNELS + 1; id += 1) {
      book.record(id, 'default', 'go', 1000);
    }
    expect(book.report(1)).toEqual([]);
    expect(book.report(2)).toHaveLength(1);

    for (let index = 0; index <= MAX_FINGERPRINT_GROUPS; index += 1) {
      book.record(9, `group-${index}`, 'go', 1000);
    }
    const groups = book.report(9).map((report) => report.group);
    expect(groups).toHaveLength(MAX_FINGERPRINT_GROUPS);
    expect(groups).not.toContain('group-0');
  });

  it('forgets a channel', () => {
    const book = new UpstreamFingerprintBook();
    book.record(1, 'default', 'azure', 1000);
    book.forget(1);
    expect(book.report(1)).toEqual([]);
  });
});
