import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Channel types whose address may be another gateway a ratio sync can read. */
const OPENAI_TYPE = 1;
const CUSTOM_TYPE = 8;
const OPENROUTER_TYPE = 20;
const GATEWAY_TYPES = [OPENAI_TYPE, CUSTOM_TYPE, OPENROUTER_TYPE];
/** OpenAI's own address: a channel pointing there is OpenAI, not a gateway. */
const OPENAI_ORIGIN = 'https://api.openai.com';

/** A channel offered as a ratio source (`GET /api/ratio_sync/channels`). */
export interface RatioSourceChannel {
  id: number;
  name: string;
  /** Where the sync reads: the gateway's origin (a Custom channel saves a complete URL). */
  base_url: string;
  status: number;
  /** `/api/ratio_config`, or `openrouter` for an OpenRouter channel. */
  endpoint: string;
}

/** A source channel with its key (server side only: the key goes to OpenRouter, nowhere else). */
export interface RatioSourceChannelWithKey extends RatioSourceChannel {
  key: string;
}

type ChannelFields = { id: number; name: string | null; base_url: string | null; status: number };

/**
 * The channels a ratio sync can read: OpenAI-compatible channels with an address of their own
 * (OpenAI type not at api.openai.com, Custom), read at their origin's `/api/ratio_config`, and
 * OpenRouter channels, read from OpenRouter's model list. Undefined for any other channel.
 */
function asSource(channel: ChannelFields & { type: number }): RatioSourceChannel | undefined {
  const saved = (channel.base_url ?? '').trim();
  const common = { id: channel.id, name: channel.name ?? `#${channel.id}`, status: channel.status };
  if (channel.type === OPENROUTER_TYPE) {
    return { ...common, base_url: saved || 'https://openrouter.ai/api', endpoint: 'openrouter' };
  }
  let origin: string;
  try {
    origin = new URL(saved).origin;
  } catch {
    return undefined;
  }
  if (origin === OPENAI_ORIGIN) return undefined;
  return { ...common, base_url: origin, endpoint: '/api/ratio_config' };
}

/** Every channel usable as a ratio source, by id. */
export async function listRatioSourceChannels(db: Kysely<Database>): Promise<RatioSourceChannel[]> {
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name', 'base_url', 'status', 'type'])
    .where('type', 'in', GATEWAY_TYPES)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => asSource(row) ?? []);
}

/** The channels of `ids` usable as ratio sources, with the first line of their keys. */
export async function findRatioSourceChannels(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<RatioSourceChannelWithKey[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name', 'base_url', 'status', 'type', 'key'])
    .where('id', 'in', [...ids])
    .where('type', 'in', GATEWAY_TYPES)
    .execute();
  return rows.flatMap((row) => {
    const source = asSource(row);
    return source ? [{ ...source, key: (row.key.split('\n')[0] ?? '').trim() }] : [];
  });
}
