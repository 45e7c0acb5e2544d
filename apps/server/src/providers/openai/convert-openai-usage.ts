import type { Usage } from '../usage.js';
import { readNumber, readObject, readString, type JsonObject } from '../json-guards.js';

/** Converts an upstream `usage` object into Tollgate's Usage; undefined when it reports nothing. */
export type OpenAiUsageConverter = (usage: JsonObject) => Usage | undefined;

/**
 * OpenAI's usage object (`prompt_tokens`, `completion_tokens`, `prompt_tokens_details.cached_tokens`,
 * `completion_tokens_details.reasoning_tokens`), also accepting the `input_tokens`/`output_tokens`
 * spelling (image models) and Moonshot's top-level `cached_tokens`. An embeddings report with only
 * `total_tokens` counts it as prompt. Usage with zero prompt and zero completion tokens is treated
 * as absent (the relay then counts locally), as the reference does.
 */
export const convertOpenAiUsage: OpenAiUsageConverter = (usage) => {
  const promptDetails =
    readObject(usage, 'prompt_tokens_details') ?? readObject(usage, 'input_tokens_details');
  const completionDetails =
    readObject(usage, 'completion_tokens_details') ?? readObject(usage, 'output_tokens_details');
  const completionTokens =
    readNumber(usage, 'completion_tokens') ?? readNumber(usage, 'output_tokens') ?? 0;
  const promptTokens =
    readNumber(usage, 'prompt_tokens') ??
    readNumber(usage, 'input_tokens') ??
    (completionTokens === 0 ? (readNumber(usage, 'total_tokens') ?? 0) : 0);
  const audioInput = (promptDetails && readNumber(promptDetails, 'audio_tokens')) ?? 0;
  const audioOutput = (completionDetails && readNumber(completionDetails, 'audio_tokens')) ?? 0;
  const audio =
    audioInput > 0 || audioOutput > 0
      ? {
          textInput:
            (promptDetails && readNumber(promptDetails, 'text_tokens')) ??
            promptTokens - audioInput,
          textOutput:
            (completionDetails && readNumber(completionDetails, 'text_tokens')) ??
            completionTokens - audioOutput,
          audioInput,
          audioOutput,
        }
      : undefined;
  return reported({
    ...(audio ? { audio } : {}),
    promptTokens,
    completionTokens,
    cachedTokens:
      (promptDetails && readNumber(promptDetails, 'cached_tokens')) ??
      readNumber(usage, 'cached_tokens') ??
      0,
    cacheCreationTokens: 0,
    reasoningTokens: (completionDetails && readNumber(completionDetails, 'reasoning_tokens')) ?? 0,
  });
};

/** DeepSeek reports cache hits as `prompt_cache_hit_tokens` (part of prompt_tokens). */
export const convertDeepSeekUsage: OpenAiUsageConverter = (usage) => {
  const converted = convertOpenAiUsage(usage);
  const cacheHits = readNumber(usage, 'prompt_cache_hit_tokens');
  if (converted && cacheHits !== undefined && converted.cachedTokens === 0) {
    converted.cachedTokens = cacheHits;
  }
  return converted;
};

/**
 * xAI leaves reasoning tokens out of `completion_tokens` but inside `total_tokens`; completion
 * is recomputed as total − prompt so reasoning is billed as output.
 */
export const convertXaiUsage: OpenAiUsageConverter = (usage) => {
  const converted = convertOpenAiUsage(usage);
  const total = readNumber(usage, 'total_tokens');
  if (converted && total !== undefined && total >= converted.promptTokens) {
    converted.completionTokens = total - converted.promptTokens;
  }
  return converted;
};

/**
 * Usage of a transcription/translation JSON answer: `{type:"tokens", input_tokens, output_tokens}`
 * (gpt-4o-transcribe) as is, or `{type:"duration", seconds}` (whisper) as prompt tokens
 * round(ceil(seconds) / 60 × 1000), the reference's audio-duration formula (§3.11).
 */
export function convertAudioUsage(usage: JsonObject): Usage | undefined {
  if (readString(usage, 'type') === 'duration') {
    const seconds = readNumber(usage, 'seconds');
    if (seconds === undefined || seconds <= 0) return undefined;
    return reported({
      promptTokens: Math.round((Math.ceil(seconds) / 60) * 1000),
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
  }
  return convertOpenAiUsage(usage);
}

function reported(usage: Usage): Usage | undefined {
  return usage.promptTokens > 0 || usage.completionTokens > 0 ? usage : undefined;
}
