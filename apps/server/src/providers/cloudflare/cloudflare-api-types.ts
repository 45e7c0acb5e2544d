import { z } from 'zod';

/*
 * Cloudflare Workers AI's native REST API (`POST /client/v4/accounts/{account}/ai/run/{model}`) as
 * far as Tollgate reads it. Every answer is wrapped in Cloudflare's API envelope; answers and
 * stream events are untrusted and checked with these schemas (unknown fields pass).
 */

/** The body Tollgate sends a text-generation model for an OpenAI completions call. */
export interface WorkersAiPromptRequest {
  prompt: string;
  max_tokens?: number;
  stream?: boolean;
  temperature?: number;
}

/** One entry of the envelope's `errors` (and `messages`). */
export const cloudflareMessageSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
});

/** `{result, success, errors, messages}`: the envelope of every Cloudflare API answer. */
export const cloudflareEnvelopeSchema = z.looseObject({
  result: z.unknown().optional(),
  success: z.boolean().optional(),
  errors: z.array(cloudflareMessageSchema).optional(),
  messages: z.array(z.unknown()).optional(),
});

/** Token counts newer text-generation models report (OpenAI's names). */
export const workersAiUsageSchema = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});
export type WorkersAiUsage = z.infer<typeof workersAiUsageSchema>;

/** The `result` of a text-generation model: the generated text (an object in JSON mode). */
export const textGenerationResultSchema = z.looseObject({
  response: z.unknown().optional(),
  usage: workersAiUsageSchema.nullish(),
});

/** One event of a streamed text generation: `data: {"response":"…"}`, usage on the last. */
export const textGenerationEventSchema = z.looseObject({
  response: z.string().nullish(),
  usage: workersAiUsageSchema.nullish(),
});

const timedTextSchema = z.looseObject({
  start: z.number().optional(),
  end: z.number().optional(),
});

/**
 * The `result` of a Whisper model: `@cf/openai/whisper` and `whisper-tiny-en` answer `{text,
 * word_count, words: [{word, start, end}], vtt}`; `whisper-large-v3-turbo` answers `{text,
 * word_count, segments, vtt, transcription_info: {language, duration}}`.
 */
export const whisperResultSchema = z.looseObject({
  text: z.string(),
  word_count: z.number().optional(),
  words: z.array(timedTextSchema.extend({ word: z.string().optional() })).optional(),
  segments: z.array(timedTextSchema.extend({ text: z.string().optional() })).optional(),
  vtt: z.string().optional(),
  transcription_info: z
    .looseObject({ language: z.string().optional(), duration: z.number().optional() })
    .optional(),
});
export type WhisperResult = z.infer<typeof whisperResultSchema>;
