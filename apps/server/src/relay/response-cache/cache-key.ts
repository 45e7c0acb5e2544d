import { createHash } from 'node:crypto';

/**
 * Body fields that change nothing in the answer a model gives (who asks, tracing and storage
 * switches; the stream flag is a part of its own): left out of the key so they do not split the
 * cache. `stream_options` stays in a stream's key: a stored stream is its exact bytes, and
 * `include_usage` changes them.
 */
const VOLATILE_FIELDS: ReadonlySet<string> = new Set([
  'user',
  'metadata',
  'stream',
  'store',
  'request_id',
  'requestId',
  'safety_identifier',
  'prompt_cache_key',
]);

/** What identifies a cached answer besides the body. */
export interface CacheKeyParts {
  /** The inbound format's id (`openai`, `anthropic-messages`, `gemini`…). */
  format: string;
  mode: string;
  /** The model as the client asked for it. */
  model: string;
  group: string;
  /** A stream is stored as the stream's bytes: it has its own key. */
  stream: boolean;
  body: Readonly<Record<string, unknown>>;
}

/**
 * The cache key of a call: sha256 (hex) of its canonical form — the parts above and the body
 * without its volatile top-level fields, every object's keys sorted, so two requests that differ
 * only in key order or in those fields share an answer.
 */
export function responseCacheKey(parts: CacheKeyParts): string {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(parts.body)) {
    if (VOLATILE_FIELDS.has(name) || (name === 'stream_options' && !parts.stream)) continue;
    body[name] = parts.body[name];
  }
  const canonical = canonicalJson([
    'v1',
    parts.format,
    parts.mode,
    parts.model,
    parts.group,
    parts.stream,
    body,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON text with every object's keys sorted (arrays keep their order; undefined fields dropped). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const name of Object.keys(record).sort()) {
    if (record[name] === undefined) continue;
    fields.push(`${JSON.stringify(name)}:${canonicalJson(record[name])}`);
  }
  return `{${fields.join(',')}}`;
}
