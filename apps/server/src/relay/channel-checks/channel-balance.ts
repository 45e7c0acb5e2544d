/**
 * Channel balance refresh (reference §5.5): asks the provider for the key's balance, stores it
 * with the time, and in the "update all" run takes channels whose balance is used up out of
 * service.
 */
import { CHANNEL_STATUS } from '@tollgate/contracts';
import { nowSeconds } from '../../db/dialect-helpers.js';
import { failure } from '../../errors/app-error.js';
import { parseJsonObject } from '../../providers/json-guards.js';
import type { RelayServices } from '../relay-services.js';
import {
  BalanceQueryError,
  queryBalance,
  type BalanceChannel,
  type FetchJson,
} from './channel-balance-queries.js';
import { findChannelWithKey, updateChannelColumns } from '../../channels/channel-repository.js';
import { primaryKey } from '../../channels/multi-key-info.js';
import { CHANNEL_NOT_FOUND } from '../../channels/channel-status.js';
import { discardBody, readLimitedBody } from './read-limited-body.js';
import { pauseBetweenChannels } from './pause-between-channels.js';

/** A provider that has not answered after this long fails the query. */
const BALANCE_TIMEOUT_MS = 30_000;
const BALANCE_BODY_LIMIT = 1024 * 1024;
/** Reason recorded on a channel disabled because its balance reached zero. */
export const BALANCE_EXHAUSTED_REASON = '余额不足';

/** Outcome of one refresh: the balance, or why there is none. */
export type BalanceResult = { ok: true; balance: number } | { ok: false; message: string };

/** GET through the relay's upstream client (pooled, honouring the channel's proxy). */
function fetchJsonVia(
  relay: RelayServices,
  proxy: string | undefined,
  signal?: AbortSignal,
): FetchJson {
  return async (url, headers) => {
    const timeout = AbortSignal.timeout(BALANCE_TIMEOUT_MS);
    const response = await relay.upstream
      .request(
        { url, method: 'GET', headers, body: undefined },
        signal ? AbortSignal.any([signal, timeout]) : timeout,
        proxy,
      )
      .catch((error: unknown) => {
        const reason = timeout.aborted
          ? `no answer within ${BALANCE_TIMEOUT_MS / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error);
        throw new BalanceQueryError(`request failed: ${reason}`);
      });
    if (response.statusCode !== 200) {
      discardBody(response.body);
      throw new BalanceQueryError(`status code: ${response.statusCode}`);
    }
    const { bytes, truncated } = await readLimitedBody(response.body, BALANCE_BODY_LIMIT);
    const json = truncated ? undefined : parseJsonObject(bytes.toString('utf8'));
    if (!json) throw new BalanceQueryError('the balance response is not a JSON object');
    return json;
  };
}

/** Queries and stores one channel's balance; never throws for a provider failure. */
async function refreshBalance(
  relay: RelayServices,
  channel: BalanceChannel & { id: number; proxy: string | undefined },
  signal?: AbortSignal,
): Promise<BalanceResult> {
  let balance: number;
  try {
    balance = await queryBalance(channel, fetchJsonVia(relay, channel.proxy, signal));
  } catch (error) {
    if (error instanceof BalanceQueryError) return { ok: false, message: error.message };
    throw error;
  }
  await updateChannelColumns(relay.db, channel.id, {
    balance,
    balance_updated_time: nowSeconds(),
  });
  return { ok: true, balance };
}

function channelProxy(setting: string | null): string | undefined {
  const proxy = parseJsonObject(setting ?? '')?.proxy;
  return typeof proxy === 'string' && proxy.trim() !== '' ? proxy.trim() : undefined;
}

/** `GET /api/channel/update_balance/:id`: the stored balance, or the provider's failure. */
export async function updateChannelBalance(
  relay: RelayServices,
  id: number,
): Promise<BalanceResult> {
  const row = await findChannelWithKey(relay.db, id);
  if (!row) throw failure(CHANNEL_NOT_FOUND);
  return refreshBalance(relay, {
    id: row.id,
    type: row.type,
    key: primaryKey(row.key, row.channel_info),
    baseUrl: row.base_url ?? '',
    proxy: channelProxy(row.setting),
  });
}

/**
 * `GET /api/channel/update_balance` and the CHANNEL_UPDATE_FREQUENCY run: refreshes every enabled
 * channel one after another, POLLING_INTERVAL seconds apart; a channel whose refreshed balance
 * is zero or less is disabled with reason "余额不足" whatever its `auto_ban` and the auto-disable
 * switch say (as the reference).
 * Failed refreshes are skipped.
 */
export async function updateAllChannelBalances(
  relay: RelayServices,
  signal?: AbortSignal,
): Promise<void> {
  const rows = await relay.db
    .selectFrom('channels')
    .select(['id', 'type', 'key', 'base_url', 'setting', 'channel_info'])
    .where('status', '=', CHANNEL_STATUS.enabled)
    .orderBy('id')
    .execute();
  for (const [index, row] of rows.entries()) {
    if (index > 0) await pauseBetweenChannels(relay.config.channelPollingIntervalSeconds, signal);
    if (signal?.aborted) return;
    try {
      const result = await refreshBalance(
        relay,
        {
          id: row.id,
          type: row.type,
          key: primaryKey(row.key, row.channel_info),
          baseUrl: row.base_url ?? '',
          proxy: channelProxy(row.setting),
        },
        signal,
      );
      if (result.ok && result.balance <= 0) {
        await relay.health.setStatus(row.id, CHANNEL_STATUS.autoDisabled, BALANCE_EXHAUSTED_REASON);
      }
    } catch (error) {
      relay.onError(error, `channel balance #${row.id}`);
    }
  }
}
