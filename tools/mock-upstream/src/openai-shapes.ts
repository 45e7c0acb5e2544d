import type { MockControls } from './mock-controls.js';

/** The `created` timestamp of every OpenAI object: fixed, so whole bodies can be compared. */
export const MOCK_CREATED = 1735689600;

export const SYSTEM_FINGERPRINT = 'fp_mock';

/** The model named when a request names none (e.g. Azure deployment paths). */
export const FALLBACK_MODEL = 'mock-model';

/** OpenAI chat usage, `completion_tokens` including the reasoning tokens asked for. */
export interface OpenAiChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

export function openAiChatUsage(
  promptTokens: number,
  contentTokens: number,
  controls: MockControls,
): OpenAiChatUsage {
  const completion = contentTokens + controls.reasoningTokens;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completion,
    total_tokens: promptTokens + completion,
    prompt_tokens_details: { cached_tokens: controls.cachedTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: controls.reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** The event an OpenAI stream carries when it fails after it started. */
export const OPENAI_STREAM_ERROR = JSON.stringify({
  error: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    param: null,
    code: null,
  },
});

/** Not JSON: what `x-mock-malformed` slips into an OpenAI stream. */
export const OPENAI_MALFORMED_DATA =
  '{"id":"chatcmpl-mock","object":"chat.completion.chunk","choices":[{';
