import { z } from 'zod';

/*
 * iFlytek Spark's chat websocket protocol as far as Tollgate uses it. The request frame is built
 * by Tollgate and typed plainly; answer frames are untrusted and checked with these schemas
 * (unknown fields pass).
 */

/** One message of `payload.message.text`. */
export interface SparkMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A function the model may call (`payload.functions.text`). */
export interface SparkFunction {
  name: string;
  description?: string;
  parameters?: unknown;
}

/** The one frame Tollgate sends after the websocket opens. */
export interface SparkRequestFrame {
  header: { app_id: string; uid: string };
  parameter: {
    chat: { domain: string; temperature?: number; max_tokens?: number; top_k?: number };
  };
  payload: {
    message: { text: SparkMessage[] };
    functions?: { text: SparkFunction[] };
  };
}

const functionCallSchema = z.looseObject({
  name: z.string().optional(),
  arguments: z.string().optional(),
});

const textItemSchema = z.looseObject({
  content: z.string().optional(),
  reasoning_content: z.string().optional(),
  role: z.string().optional(),
  index: z.number().optional(),
  content_type: z.string().optional(),
  function_call: functionCallSchema.optional(),
});

export const sparkUsageSchema = z.looseObject({
  question_tokens: z.number().optional(),
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});
export type SparkUsage = z.infer<typeof sparkUsageSchema>;

/** One answer frame; `header.status` 2 marks the last, a non-zero `header.code` an error. */
export const sparkAnswerFrameSchema = z.looseObject({
  header: z.looseObject({
    code: z.number(),
    message: z.string().optional(),
    sid: z.string().optional(),
    status: z.number().optional(),
  }),
  payload: z
    .looseObject({
      choices: z
        .looseObject({
          status: z.number().optional(),
          seq: z.number().optional(),
          text: z.array(textItemSchema).optional(),
        })
        .optional(),
      usage: z.looseObject({ text: sparkUsageSchema.optional() }).optional(),
    })
    .optional(),
});
export type SparkAnswerFrame = z.infer<typeof sparkAnswerFrameSchema>;

/** `header.status` of the last frame of an answer. */
export const SPARK_LAST_FRAME_STATUS = 2;
