/**
 * Serialises the read-modify-write of one channel's multi-key state (`channel_info`) in this
 * process: key management actions and the relay's automatic key disabling take turns per channel,
 * so one cannot overwrite the other's change. Other processes are not covered (a later write of
 * the same channel by another node wins, as for every channel edit).
 */
const tails = new Map<number, Promise<unknown>>();

export async function withChannelKeyLock<T>(channelId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(channelId) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(work);
  const tail = run.catch(() => {});
  tails.set(channelId, tail);
  try {
    return await run;
  } finally {
    if (tails.get(channelId) === tail) tails.delete(channelId);
  }
}
