import { z } from 'zod';

/**
 * What Tollgate reads from Tencent's Hunyuan API (Tencent Cloud API v3, version 2023-09-01).
 * Answers are wrapped in `Response`; stream events are not. Loose objects: Tencent adds fields
 * (`Note`, `ModerationLevel`, `SearchInfo`) Tollgate does not use.
 */

/** A Tencent Cloud API error: `{"Response": {"Error": {Code, Message}, "RequestId"}}`. */
export const tencentErrorSchema = z.looseObject({
  Response: z.looseObject({
    Error: z.looseObject({ Code: z.string(), Message: z.string().optional() }),
    RequestId: z.string().optional(),
  }),
});

export const hunyuanUsageSchema = z.looseObject({
  PromptTokens: z.number().optional(),
  CompletionTokens: z.number().optional(),
  TotalTokens: z.number().optional(),
});

export type HunyuanUsage = z.infer<typeof hunyuanUsageSchema>;

const hunyuanToolCallSchema = z.looseObject({
  Id: z.string().optional(),
  Type: z.string().optional(),
  Index: z.number().optional(),
  Function: z
    .looseObject({ Name: z.string().optional(), Arguments: z.string().optional() })
    .optional(),
});

export type HunyuanToolCall = z.infer<typeof hunyuanToolCallSchema>;

const hunyuanMessageSchema = z.looseObject({
  Role: z.string().optional(),
  Content: z.string().optional(),
  ReasoningContent: z.string().optional(),
  ToolCalls: z.array(hunyuanToolCallSchema).nullish(),
});

/** A chat answer's body (inside `Response`) and, with `Delta`, one stream event. */
export const hunyuanChatSchema = z.looseObject({
  Id: z.string().optional(),
  Created: z.number().optional(),
  Choices: z
    .array(
      z.looseObject({
        FinishReason: z.string().optional(),
        Message: hunyuanMessageSchema.optional(),
        Delta: hunyuanMessageSchema.optional(),
      }),
    )
    .optional(),
  Usage: hunyuanUsageSchema.optional(),
});

export const hunyuanChatAnswerSchema = z.looseObject({ Response: hunyuanChatSchema });

/** `GetEmbedding`: one vector per input, with usage. */
export const hunyuanEmbeddingAnswerSchema = z.looseObject({
  Response: z.looseObject({
    Data: z.array(z.looseObject({ Embedding: z.array(z.number()), Index: z.number().optional() })),
    Usage: hunyuanUsageSchema.optional(),
  }),
});
