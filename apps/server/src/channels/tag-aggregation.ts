import { CHANNEL_STATUS, type ChannelTagRow, type ChannelView } from '@tollgate/contracts';
import { splitNames } from './channel-field-rules.js';

/**
 * Groups tagged channels into one row per tag (spec: tag-aggregate mode), keeping the order in
 * which tags first appear: usage and balance summed, response time averaged over the channels that
 * were tested (0 = untested), priority and weight `null` when the channels differ, groups united,
 * and the tag enabled when any of its channels is. Untagged channels are left out.
 */
export function aggregateByTag(channels: readonly ChannelView[]): ChannelTagRow[] {
  const rows = new Map<string, ChannelTagRow>();
  const tested = new Map<string, number[]>();
  for (const channel of channels) {
    const tag = channel.tag ?? '';
    if (tag === '') continue;
    let row = rows.get(tag);
    if (!row) {
      row = {
        tag,
        status: channel.status,
        group: '',
        used_quota: 0,
        balance: 0,
        response_time: 0,
        priority: channel.priority,
        weight: channel.weight,
        channel_count: 0,
        children: [],
      };
      rows.set(tag, row);
      tested.set(tag, []);
    }
    if (channel.status === CHANNEL_STATUS.enabled) row.status = CHANNEL_STATUS.enabled;
    if (row.priority !== channel.priority) row.priority = null;
    if (row.weight !== channel.weight) row.weight = null;
    row.group = splitNames([...splitNames(row.group), ...splitNames(channel.group)]).join(',');
    row.used_quota += channel.used_quota;
    row.balance += channel.balance;
    if (channel.response_time > 0) tested.get(tag)!.push(channel.response_time);
    row.channel_count += 1;
    row.children.push(channel);
  }
  for (const row of rows.values()) {
    const times = tested.get(row.tag)!;
    row.response_time =
      times.length === 0
        ? 0
        : Math.round(times.reduce((sum, time) => sum + time, 0) / times.length);
  }
  return [...rows.values()];
}

/** Reorders channels so each tag's channels follow each other, tags in the given order. */
export function orderByTags<Channel extends { tag: string | null }>(
  tags: readonly string[],
  channels: readonly Channel[],
): Channel[] {
  const byTag = new Map<string, Channel[]>(tags.map((tag) => [tag, []]));
  for (const channel of channels) byTag.get(channel.tag ?? '')?.push(channel);
  return tags.flatMap((tag) => byTag.get(tag) ?? []);
}
