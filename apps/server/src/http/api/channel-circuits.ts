import type { ChannelTagRow, ChannelView } from '@tollgate/contracts';
import type { ChannelHealthBook } from '../../relay/channel-health/channel-health-book.js';

/**
 * Adds each channel's circuit breaker fields (`circuit`, `recent_error_rate`,
 * `circuit_open_until`) to a channel list answer, tag rows' channels included. The state is this
 * process's view, which open circuits are shared into (so the same on every process) while error
 * rates are counted per process.
 */
export function withCircuits<Rows extends ChannelView[] | ChannelTagRow[]>(
  rows: Rows,
  book: ChannelHealthBook,
): Rows {
  for (const row of rows) {
    if ('children' in row)
      for (const child of row.children) Object.assign(child, book.view(child.id));
    else Object.assign(row, book.view(row.id));
  }
  return rows;
}
