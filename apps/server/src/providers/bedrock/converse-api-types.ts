import { z } from 'zod';

/*
 * The Bedrock Converse API (ConverseStream too) as far as Tollgate writes and reads it. Requests
 * are built by Tollgate and typed plainly; answers and stream events are untrusted and checked
 * with the zod schemas below (unknown fields pass, missing ones are optional).
 */

/** A content block of a Converse request message. */
export type ConverseContentBlock =
  | { text: string }
  | { image: { format: string; source: { bytes: string } } }
  | { toolUse: { toolUseId: string; name: string; input: unknown } }
  | {
      toolResult: {
        toolUseId: string;
        content: ({ text: string } | { image: { format: string; source: { bytes: string } } })[];
      };
    };

export interface ConverseMessage {
  role: 'user' | 'assistant';
  content: ConverseContentBlock[];
}

/** The body of POST /model/{id}/converse (and /converse-stream). */
export interface ConverseRequest {
  messages: ConverseMessage[];
  system?: { text: string }[];
  inferenceConfig?: {
    maxTokens?: number;
    temperature?: number;
    topP?: number;
    stopSequences?: string[];
  };
  toolConfig?: {
    tools: { toolSpec: { name: string; description?: string; inputSchema: { json: unknown } } }[];
    toolChoice?: { auto: object } | { any: object } | { tool: { name: string } };
  };
}

/** Token usage as Converse reports it (input excludes cache reads and writes). */
export const converseUsageSchema = z.looseObject({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  totalTokens: z.number().optional(),
  cacheReadInputTokens: z.number().optional(),
  cacheWriteInputTokens: z.number().optional(),
});
export type ConverseUsage = z.infer<typeof converseUsageSchema>;

const reasoningContentSchema = z.looseObject({
  reasoningText: z.looseObject({ text: z.string().optional() }).optional(),
});

/** A content block of a Converse answer. */
const answerBlockSchema = z.looseObject({
  text: z.string().optional(),
  reasoningContent: reasoningContentSchema.optional(),
  toolUse: z
    .looseObject({ toolUseId: z.string().optional(), name: z.string(), input: z.unknown() })
    .optional(),
});

/** The answer of POST /model/{id}/converse. */
export const converseResponseSchema = z.looseObject({
  output: z.looseObject({
    message: z.looseObject({
      role: z.string().optional(),
      content: z.array(answerBlockSchema),
    }),
  }),
  stopReason: z.string().optional(),
  usage: converseUsageSchema.optional(),
});
export type ConverseResponse = z.infer<typeof converseResponseSchema>;

/** contentBlockStart: a tool call begins (text blocks start with their first delta). */
export const contentBlockStartSchema = z.looseObject({
  contentBlockIndex: z.number().optional(),
  start: z
    .looseObject({
      toolUse: z.looseObject({ toolUseId: z.string().optional(), name: z.string() }).optional(),
    })
    .optional(),
});

/** contentBlockDelta: text, tool input JSON, or reasoning text (or its signature). */
export const contentBlockDeltaSchema = z.looseObject({
  contentBlockIndex: z.number().optional(),
  delta: z.looseObject({
    text: z.string().optional(),
    toolUse: z.looseObject({ input: z.string().optional() }).optional(),
    reasoningContent: z
      .looseObject({ text: z.string().optional(), signature: z.string().optional() })
      .optional(),
  }),
});

export const messageStopSchema = z.looseObject({ stopReason: z.string().optional() });

export const metadataSchema = z.looseObject({ usage: converseUsageSchema.optional() });
