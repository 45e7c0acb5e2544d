import { z } from 'zod';

/**
 * What Tollgate reads from Baidu's ERNIE (wenxinworkshop) API (its OAuth token endpoint answers
 * as token-endpoint-answer.ts reads). Loose objects: Baidu adds fields (`search_info`, `flag`,
 * `ban_round`) Tollgate does not use.
 */

/** An ERNIE error, answered with HTTP 200 (chat, stream and embeddings alike). */
export const ernieErrorSchema = z.looseObject({
  error_code: z.number(),
  error_msg: z.string().optional(),
});

export const ernieUsageSchema = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});

export type ErnieUsage = z.infer<typeof ernieUsageSchema>;

const ernieFunctionCallSchema = z.looseObject({
  name: z.string(),
  arguments: z.string().optional(),
  /** The model's reasoning before the call. */
  thoughts: z.string().optional(),
});

/** A chat answer, and (with `is_end`, `sentence_id`) one event of a chat stream. */
export const ernieChatAnswerSchema = z.looseObject({
  id: z.string().optional(),
  created: z.number().optional(),
  result: z.string().optional(),
  is_end: z.boolean().optional(),
  is_truncated: z.boolean().optional(),
  /** The conversation broke the content rules: the client must start over. */
  need_clear_history: z.boolean().optional(),
  finish_reason: z.string().optional(),
  function_call: ernieFunctionCallSchema.optional(),
  usage: ernieUsageSchema.optional(),
});

export type ErnieChatAnswer = z.infer<typeof ernieChatAnswerSchema>;

/** An embeddings answer: one vector per input, in input order. */
export const ernieEmbeddingsAnswerSchema = z.looseObject({
  id: z.string().optional(),
  data: z.array(z.looseObject({ embedding: z.array(z.number()), index: z.number() })),
  usage: ernieUsageSchema.optional(),
});
