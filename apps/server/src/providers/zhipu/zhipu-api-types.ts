import { z } from 'zod';

/** Zhipu's usage object (v3 answers and the `meta` of a v3 stream's finish event). */
export const zhipuUsageSchema = z.looseObject({
  prompt_tokens: z.number().nonnegative().optional(),
  completion_tokens: z.number().nonnegative().optional(),
  total_tokens: z.number().nonnegative().optional(),
});
export type ZhipuUsage = z.infer<typeof zhipuUsageSchema>;

/** One message of a v3 answer: `content` is usually a JSON-quoted string (`"\" Hello\""`). */
const zhipuMessageSchema = z.looseObject({
  role: z.string().optional(),
  content: z.string().optional(),
});

/**
 * A v3 `invoke` answer. Zhipu answers HTTP 200 for its own errors too: `code` ≠ 200 with `msg`
 * and `success: false`, and no `data`.
 */
export const zhipuV3ResponseSchema = z.looseObject({
  code: z.number(),
  msg: z.string().optional(),
  success: z.boolean().optional(),
  data: z
    .looseObject({
      task_id: z.string().optional(),
      request_id: z.string().optional(),
      task_status: z.string().optional(),
      choices: z.array(zhipuMessageSchema).optional(),
      usage: zhipuUsageSchema.optional(),
    })
    .nullish(),
});
export type ZhipuV3Response = z.infer<typeof zhipuV3ResponseSchema>;

/** The `meta:` line of a v3 stream's `finish` event. */
export const zhipuStreamMetaSchema = z.looseObject({
  task_id: z.string().optional(),
  request_id: z.string().optional(),
  task_status: z.string().optional(),
  usage: zhipuUsageSchema.optional(),
});
