import { ConfigError, readBoolean, readInteger, readString } from './config-env.js';

/**
 * The settings of the calls the relay makes upstream (timeouts, per-provider switches) and of the
 * prompt counting that bills them, parsed by config.ts.
 */
export interface RelayConfig {
  /** Idle seconds allowed between stream chunks from upstream (`STREAMING_TIMEOUT`, default 60). */
  streamingTimeoutSeconds: number;
  /** Seconds allowed for a whole upstream call; 0 = no limit (`RELAY_TIMEOUT`). */
  relayTimeoutSeconds: number;
  /** Force `stream_options.include_usage` upstream (`FORCE_STREAM_OPTION`, default true). */
  forceStreamOption: boolean;
  /** Azure `api-version` when neither the request nor the channel names one (`AZURE_DEFAULT_API_VERSION`). */
  azureDefaultApiVersion: string;
  /** Cohere `safety_mode` (`COHERE_SAFETY_SETTING`: NONE, the default, sends none). */
  cohereSafetySetting: string;
  /**
   * `GEMINI_SAFETY_SETTING`: when set, the Gemini threshold of every category that
   * `gemini.safety_settings` does not name itself (in place of its `default`); unset → the option.
   */
  geminiSafetySetting?: string;
  /**
   * Measure `data:` images when prompt tokens are counted locally: `GET_MEDIA_TOKEN` (default true)
   * and, for calls that do not stream, also `GET_MEDIA_TOKEN_NOT_STREAM` (default true).
   */
  mediaTokens: { enabled: boolean; notStream: boolean };
  /** Show Dify workflow and node starts in streamed answers (`DIFY_DEBUG`, default true). */
  difyDebug: boolean;
}

/** The thresholds Gemini accepts for a harm category. */
const GEMINI_THRESHOLDS = [
  'OFF',
  'BLOCK_NONE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_LOW_AND_ABOVE',
  'HARM_BLOCK_THRESHOLD_UNSPECIFIED',
];

function readGeminiSafetySetting(env: NodeJS.ProcessEnv): string | undefined {
  const value = readString(env, 'GEMINI_SAFETY_SETTING')?.toUpperCase();
  if (value !== undefined && !GEMINI_THRESHOLDS.includes(value)) {
    throw new ConfigError(
      `GEMINI_SAFETY_SETTING must be one of ${GEMINI_THRESHOLDS.join(', ')}, got "${value}"`,
    );
  }
  return value;
}

/** Reads the relay's variables (new-api's names and defaults). */
export function readRelayConfig(env: NodeJS.ProcessEnv): RelayConfig {
  return {
    streamingTimeoutSeconds: readInteger(env, 'STREAMING_TIMEOUT', 60, { min: 1 }),
    relayTimeoutSeconds: readInteger(env, 'RELAY_TIMEOUT', 0, { min: 0 }),
    forceStreamOption: readBoolean(env, 'FORCE_STREAM_OPTION', true),
    azureDefaultApiVersion: readString(env, 'AZURE_DEFAULT_API_VERSION') ?? '2024-12-01-preview',
    cohereSafetySetting: readString(env, 'COHERE_SAFETY_SETTING') ?? 'NONE',
    geminiSafetySetting: readGeminiSafetySetting(env),
    mediaTokens: {
      enabled: readBoolean(env, 'GET_MEDIA_TOKEN', true),
      notStream: readBoolean(env, 'GET_MEDIA_TOKEN_NOT_STREAM', true),
    },
    difyDebug: readBoolean(env, 'DIFY_DEBUG', true),
  };
}
