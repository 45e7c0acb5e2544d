import { z } from 'zod';

/*
 * Dify's chat-flow app API (POST /v1/chat-messages, POST /v1/files/upload) as far as Tollgate
 * uses it. Requests are built by Tollgate and typed plainly; answers and stream events are
 * untrusted and checked with these schemas (unknown fields pass).
 */

/** A file a chat message refers to: an uploaded image, or one Dify fetches itself. */
export type DifyFile =
  | { type: 'image'; transfer_method: 'local_file'; upload_file_id: string }
  | { type: 'image'; transfer_method: 'remote_url'; url: string };

/** The body of POST /v1/chat-messages. */
export interface DifyChatRequest {
  inputs: Record<string, unknown>;
  query: string;
  response_mode: 'blocking' | 'streaming';
  user: string;
  conversation_id?: string;
  files?: DifyFile[];
}

export const difyUsageSchema = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});
export type DifyUsage = z.infer<typeof difyUsageSchema>;

const metadataSchema = z.looseObject({ usage: difyUsageSchema.optional() });

/** The blocking answer of a chat-messages call. */
export const difyChatAnswerSchema = z.looseObject({
  answer: z.string(),
  conversation_id: z.string().optional(),
  message_id: z.string().optional(),
  metadata: metadataSchema.optional(),
});

/** One streaming event (`data: {"event": …}`). */
export const difyStreamEventSchema = z.looseObject({
  event: z.string(),
  message_id: z.string().optional(),
  conversation_id: z.string().optional(),
  answer: z.string().optional(),
  thought: z.string().optional(),
  metadata: metadataSchema.optional(),
  workflow_run_id: z.string().optional(),
  data: z
    .looseObject({
      workflow_id: z.string().optional(),
      node_id: z.string().optional(),
      title: z.string().optional(),
    })
    .optional(),
  status: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type DifyStreamEvent = z.infer<typeof difyStreamEventSchema>;

/** The answer of POST /v1/files/upload. */
export const difyUploadAnswerSchema = z.looseObject({ id: z.string().min(1) });
