import type { JsonObject } from '../json-guards.js';
import type { ChatCall } from './internal-call.js';

/**
 * The fields a conversion could not carry, by the client's names (`top_k`,
 * `messages[].cache_control`, `safetySettings`): the relay logs them at debug level and lists them
 * in the `x-tollgate-dropped-fields` response header, so a client can see what its upstream never
 * received. A conversion adds to one list as it goes; order is first seen, without repeats.
 */
export class DroppedFields {
  private readonly names: string[] = [];

  add(name: string): void {
    if (!this.names.includes(name)) this.names.push(name);
  }

  /** Every set (non-null) top-level field of `body` the conversion does not read. */
  addUnread(body: JsonObject | ChatCall, read: ReadonlySet<string>, prefix = ''): void {
    const record = body as JsonObject;
    for (const name of Object.keys(record)) {
      const value = record[name];
      if (value !== undefined && value !== null && !read.has(name)) this.add(prefix + name);
    }
  }

  list(): readonly string[] {
    return this.names;
  }
}

/** Longest header value: past it the list ends with `...` (a client may send any number of fields). */
const MAX_HEADER_LENGTH = 1024;
/** Field names are the client's own keys: anything outside these characters is left out. */
const UNSAFE_CHARACTERS = /[^A-Za-z0-9_.\-[\]]/g;

/** Both sides' drops as one header value, comma-separated ('' for none). */
export function droppedFieldsHeader(...lists: (readonly string[] | undefined)[]): string {
  if (lists.every((list) => list === undefined || list.length === 0)) return '';
  const all = new Set<string>();
  for (const list of lists) {
    for (const name of list ?? []) {
      const safe = name.replace(UNSAFE_CHARACTERS, '');
      if (safe) all.add(safe);
    }
  }
  const value = [...all].join(', ');
  return value.length <= MAX_HEADER_LENGTH ? value : `${value.slice(0, MAX_HEADER_LENGTH)}...`;
}

/** The limits on generated tokens, both names (a conversion maps either to its own). */
export const TOKEN_LIMIT_FIELDS = ['max_tokens', 'max_completion_tokens'] as const;
/** OpenAI's sampling parameters that most native APIs have a field for. */
export const SAMPLING_FIELDS = [
  'temperature',
  'top_p',
  'top_k',
  'seed',
  'presence_penalty',
  'frequency_penalty',
  'stop',
] as const;
/** Function calling: the tools offered and the choice among them. */
export const TOOL_FIELDS = ['tools', 'tool_choice'] as const;

/**
 * The internal call's fields a conversion carries, for `DroppedFields.addUnread`: the call itself
 * (model, messages, stream and its options, which converting providers answer with usage anyway)
 * and the groups and fields named.
 */
export function carriedFields(
  ...carried: (keyof ChatCall | readonly (keyof ChatCall)[])[]
): ReadonlySet<string> {
  return new Set<string>(['model', 'messages', 'stream', 'stream_options', ...carried.flat()]);
}
