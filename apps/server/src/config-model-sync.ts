import { ConfigError, readHttpUrl, readInteger } from './config-env.js';

/** The official model-metadata sync's settings (new-api's names and defaults), parsed by config.ts. */
export interface ModelSyncConfig {
  /**
   * Where the official metadata lives (`SYNC_UPSTREAM_BASE`, default
   * `https://basellm.github.io/llm-metadata`), without trailing slashes.
   */
  upstreamBase: string;
  /** Attempts per file, the first included (`SYNC_HTTP_RETRY`, default 3; at least 1). */
  attempts: number;
  /** Largest file accepted, in bytes (`SYNC_HTTP_MAX_MB` MiB, default 10). */
  maxBytes: number;
  /** Limit of one attempt, answer included, in milliseconds (`SYNC_HTTP_TIMEOUT_SECONDS`, 15). */
  timeoutMs: number;
}

export const DEFAULT_SYNC_UPSTREAM_BASE = 'https://basellm.github.io/llm-metadata';

/** Reads `SYNC_UPSTREAM_BASE`, `SYNC_HTTP_RETRY`, `SYNC_HTTP_MAX_MB`, `SYNC_HTTP_TIMEOUT_SECONDS`. */
export function readModelSyncConfig(env: NodeJS.ProcessEnv): ModelSyncConfig {
  const base = readHttpUrl(env, 'SYNC_UPSTREAM_BASE')?.replace(/\/+$/, '');
  if (base === '') throw new ConfigError('SYNC_UPSTREAM_BASE must be an http(s) URL');
  return {
    upstreamBase: base ?? DEFAULT_SYNC_UPSTREAM_BASE,
    // 0 reads as one attempt, as in new-api, rather than stopping the start.
    attempts: Math.max(1, readInteger(env, 'SYNC_HTTP_RETRY', 3, { min: 0, max: 10 })),
    maxBytes: readInteger(env, 'SYNC_HTTP_MAX_MB', 10, { min: 1, max: 1024 }) * 1024 * 1024,
    timeoutMs: readInteger(env, 'SYNC_HTTP_TIMEOUT_SECONDS', 15, { min: 1, max: 600 }) * 1000,
  };
}
