/**
 * Upstream model updates as the channel list carries them (`upstream_updates`: the models the
 * channel's upstream serves that it does not list, and the reverse), and what the console shows
 * of them.
 */
import type { ChannelUpstreamUpdates, UpstreamUpdatesDetectSummary } from '@tollgate/contracts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const names = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : null;

/** The pending diff of an answer's channel, or null when there is none or it is malformed. */
export function toUpstreamUpdates(value: unknown): ChannelUpstreamUpdates | null {
  if (!isRecord(value)) return null;
  const added = names(value.added);
  const removed = names(value.removed);
  if (!added || !removed || added.length + removed.length === 0) return null;
  const detectedAt = typeof value.detected_at === 'number' ? value.detected_at : 0;
  return { added, removed, detected_at: detectedAt };
}

/** The indicator's text: `+3 −1`, leaving out a zero side. */
export function upstreamUpdatesBadge(updates: ChannelUpstreamUpdates): string {
  const parts: string[] = [];
  if (updates.added.length > 0) parts.push(`+${updates.added.length}`);
  if (updates.removed.length > 0) parts.push(`−${updates.removed.length}`);
  return parts.join(' ');
}

/** Counts of a `detect_all` answer for its message; a malformed answer counts as nothing. */
export function detectSummaryCounts(data: unknown): {
  checked: number;
  changed: number;
  failed: number;
  failures: UpstreamUpdatesDetectSummary['failed'];
} {
  if (!isRecord(data)) return { checked: 0, changed: 0, failed: 0, failures: [] };
  const failures = Array.isArray(data.failed)
    ? data.failed.filter(
        (entry): entry is UpstreamUpdatesDetectSummary['failed'][number] =>
          isRecord(entry) &&
          typeof entry.id === 'number' &&
          typeof entry.name === 'string' &&
          typeof entry.message === 'string',
      )
    : [];
  return {
    checked: typeof data.checked === 'number' ? data.checked : 0,
    changed: Array.isArray(data.changed) ? data.changed.length : 0,
    failed: failures.length,
    failures,
  };
}
