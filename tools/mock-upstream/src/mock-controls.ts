import type { IncomingHttpHeaders } from 'node:http';
import { DEFAULT_CHUNKS } from './reply-content.js';

/** How one request should be answered; read from `x-mock-*` headers and the model-name suffix. */
export interface MockControls {
  /** Delay before the response headers. */
  latencyMs: number;
  /** Delay before each content chunk of a stream. */
  chunkDelayMs: number;
  /** Number of content chunks (each WORDS_PER_CHUNK words). */
  chunks: number;
  /** Fail with this status (400–599) and a provider-shaped error body. */
  status: number | undefined;
  /** Destroy the socket after this many content chunks (plain responses: before any byte). */
  closeAfterChunks: number | undefined;
  /** Leave usage out of plain responses and streams. */
  omitUsage: boolean;
  /** Answer with invalid JSON (plain) or one invalid SSE data line (stream). */
  malformed: boolean;
  /** Cached prompt tokens / Anthropic cache_read_input_tokens to report. */
  cachedTokens: number;
  /** Anthropic cache_creation_input_tokens to report. */
  cacheCreationTokens: number;
  /** OpenAI completion_tokens_details.reasoning_tokens (added to completion_tokens). */
  reasoningTokens: number;
  /** Send an error event after this many content chunks, then end the stream. */
  errorMidstream: number | undefined;
}

type ControlName = keyof MockControls;

/** Header suffix (after `x-mock-`) → control. The same names work in the model suffix. */
const HEADER_CONTROLS: ReadonlyArray<readonly [string, ControlName]> = [
  ['latency-ms', 'latencyMs'],
  ['chunk-delay-ms', 'chunkDelayMs'],
  ['chunks', 'chunks'],
  ['status', 'status'],
  ['close-after-chunks', 'closeAfterChunks'],
  ['omit-usage', 'omitUsage'],
  ['malformed', 'malformed'],
  ['cached-tokens', 'cachedTokens'],
  ['cache-creation-tokens', 'cacheCreationTokens'],
  ['reasoning-tokens', 'reasoningTokens'],
  ['error-midstream', 'errorMidstream'],
];

const HEADER_NAMES: ReadonlyArray<readonly [string, ControlName]> = HEADER_CONTROLS.map(
  ([name, control]) => [`x-mock-${name}`, control] as const,
);

/** Short spellings accepted in a model suffix, e.g. `gpt-4o-mock@chunks=5,delay=10`. */
const SUFFIX_ALIASES: Readonly<Record<string, ControlName>> = {
  latency: 'latencyMs',
  delay: 'chunkDelayMs',
  close: 'closeAfterChunks',
  cached: 'cachedTokens',
  'cache-creation': 'cacheCreationTokens',
  reasoning: 'reasoningTokens',
  error: 'errorMidstream',
  ...Object.fromEntries(HEADER_CONTROLS),
};

const MAX_CHUNKS = 100_000;

export const DEFAULT_CONTROLS: Readonly<MockControls> = Object.freeze({
  latencyMs: 0,
  chunkDelayMs: 0,
  chunks: DEFAULT_CHUNKS,
  status: undefined,
  closeAfterChunks: undefined,
  omitUsage: false,
  malformed: false,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
  errorMidstream: undefined,
});

/** The controls and the model name without its control suffix. */
export interface ResolvedControls {
  controls: MockControls;
  model: string | undefined;
}

/**
 * Splits `name@key=value,key` into the model name and its raw controls. The suffix counts only when
 * every key is a known control, so names such as `claude-3-5-sonnet@20240620` stay untouched.
 */
export function splitModelSuffix(model: string): {
  model: string;
  raw: Partial<Record<ControlName, string>>;
} {
  const at = model.lastIndexOf('@');
  if (at < 0) return { model, raw: {} };
  const raw: Partial<Record<ControlName, string>> = {};
  for (const item of model.slice(at + 1).split(',')) {
    if (item === '') continue;
    const equals = item.indexOf('=');
    const key = (equals < 0 ? item : item.slice(0, equals)).trim().toLowerCase();
    const control = SUFFIX_ALIASES[key];
    if (control === undefined) return { model, raw: {} };
    raw[control] = equals < 0 ? '' : item.slice(equals + 1).trim();
  }
  return { model: model.slice(0, at), raw };
}

function parseCount(value: string | undefined, fallback: number, maximum = Infinity): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) return fallback;
  return Math.min(Math.floor(number), maximum);
}

function parseOptionalCount(value: string | undefined): number | undefined {
  const number = parseCount(value, -1);
  return number < 0 ? undefined : number;
}

function parseFlag(value: string | undefined): boolean {
  if (value === undefined) return false;
  const normalised = value.trim().toLowerCase();
  return normalised !== '0' && normalised !== 'false' && normalised !== 'no';
}

function parseStatus(value: string | undefined): number | undefined {
  const status = parseOptionalCount(value);
  return status !== undefined && status >= 400 && status <= 599 ? status : undefined;
}

/** Reads the controls of one request: headers win over the model suffix, which wins over defaults. */
export function resolveControls(
  headers: IncomingHttpHeaders,
  requestedModel: string | undefined,
): ResolvedControls {
  let model = requestedModel;
  let raw: Partial<Record<ControlName, string>> = {};
  if (requestedModel !== undefined && requestedModel.includes('@')) {
    ({ model, raw } = splitModelSuffix(requestedModel));
  }
  let found = Object.keys(raw).length > 0;
  for (const [headerName, control] of HEADER_NAMES) {
    const value = headers[headerName];
    if (value === undefined) continue;
    raw[control] = Array.isArray(value) ? value[0] : value;
    found = true;
  }
  if (!found) return { controls: { ...DEFAULT_CONTROLS }, model };
  return {
    model,
    controls: {
      latencyMs: parseCount(raw.latencyMs, 0),
      chunkDelayMs: parseCount(raw.chunkDelayMs, 0),
      chunks: parseCount(raw.chunks, DEFAULT_CHUNKS, MAX_CHUNKS),
      status: parseStatus(raw.status),
      closeAfterChunks: parseOptionalCount(raw.closeAfterChunks),
      omitUsage: parseFlag(raw.omitUsage),
      malformed: parseFlag(raw.malformed),
      cachedTokens: parseCount(raw.cachedTokens, 0),
      cacheCreationTokens: parseCount(raw.cacheCreationTokens, 0),
      reasoningTokens: parseCount(raw.reasoningTokens, 0),
      errorMidstream: parseOptionalCount(raw.errorMidstream),
    },
  };
}
