import { z } from 'zod';

/*
 * Cohere's v2 API (chat, embed, rerank) as far as Tollgate reads it. Requests are built by Tollgate
 * and typed plainly; answers and stream events are untrusted and checked with these schemas
 * (unknown fields pass).
 */

/** A chat v2 message as Tollgate sends it (close to OpenAI's; no `name`, no null content). */
export interface CohereMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | Record<string, unknown>[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The body of POST /v2/chat. */
export interface CohereChatRequest {
  model: string;
  messages: CohereMessage[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  seed?: number;
  stop_sequences?: string[];
  frequency_penalty?: number;
  presence_penalty?: number;
  tools?: Record<string, unknown>[];
  tool_choice?: 'REQUIRED' | 'NONE';
  response_format?: Record<string, unknown>;
  safety_mode?: string;
}

const countsSchema = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
});

/** `usage`: billed units (what Cohere charges) and raw tokens (including its own prompt). */
export const cohereUsageSchema = z.looseObject({
  billed_units: countsSchema.optional(),
  tokens: countsSchema.optional(),
  cached_tokens: z.number().optional(),
});
export type CohereUsage = z.infer<typeof cohereUsageSchema>;

const toolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z
    .looseObject({
      name: z.string().optional(),
      arguments: z.string().nullish(),
    })
    .optional(),
});

/** The answer of POST /v2/chat. */
export const cohereChatResponseSchema = z.looseObject({
  id: z.string().optional(),
  finish_reason: z.string().optional(),
  message: z.looseObject({
    content: z
      .array(
        z.looseObject({
          type: z.string().optional(),
          text: z.string().optional(),
          thinking: z.string().optional(),
        }),
      )
      .nullish(),
    tool_plan: z.string().nullish(),
    tool_calls: z.array(toolCallSchema).nullish(),
  }),
  usage: cohereUsageSchema.optional(),
});

/** One event of a chat v2 stream (`type` names it; the rest sits under `delta`). */
export const cohereStreamEventSchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  index: z.number().optional(),
  delta: z
    .looseObject({
      finish_reason: z.string().optional(),
      usage: cohereUsageSchema.optional(),
      message: z
        .looseObject({
          content: z
            .looseObject({ text: z.string().optional(), thinking: z.string().optional() })
            .optional(),
          tool_plan: z.string().optional(),
          tool_calls: toolCallSchema.optional(),
        })
        .optional(),
    })
    .optional(),
});
export type CohereStreamEvent = z.infer<typeof cohereStreamEventSchema>;

/** The answer of POST /v2/embed with `embedding_types: ["float"]`. */
export const cohereEmbedResponseSchema = z.looseObject({
  id: z.string().optional(),
  embeddings: z.looseObject({ float: z.array(z.array(z.number())) }),
  meta: z.looseObject({ billed_units: countsSchema.optional() }).optional(),
});

/** The answer of POST /v2/rerank. */
export const cohereRerankResponseSchema = z.looseObject({
  id: z.string().optional(),
  results: z.array(z.looseObject({ index: z.number(), relevance_score: z.number() })),
});
