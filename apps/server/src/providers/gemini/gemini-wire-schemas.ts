import { z } from 'zod';

/**
 * Shape checks for what Gemini sends back (a GenerateContentResponse, alone or as one `alt=sse`
 * chunk). Only the fields Tollgate reads are checked; unknown ones are kept for pass-through
 * readers and ignored here. A field of the wrong type fails the parse, so a malformed answer is a
 * clear upstream error instead of a crash.
 */
const partSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: z
    .looseObject({ mimeType: z.string().optional(), data: z.string().optional() })
    .optional(),
  functionCall: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      args: z.record(z.string(), z.unknown()).nullish(),
    })
    .optional(),
  executableCode: z
    .looseObject({ language: z.string().optional(), code: z.string().optional() })
    .optional(),
  codeExecutionResult: z
    .looseObject({ outcome: z.string().optional(), output: z.string().optional() })
    .optional(),
});

const candidateSchema = z.looseObject({
  content: z
    .looseObject({ role: z.string().optional(), parts: z.array(partSchema).optional() })
    .optional(),
  finishReason: z.string().optional(),
  index: z.number().optional(),
});

const tokenCount = z.number().nonnegative().optional();

export const geminiUsageMetadataSchema = z.looseObject({
  promptTokenCount: tokenCount,
  candidatesTokenCount: tokenCount,
  totalTokenCount: tokenCount,
  thoughtsTokenCount: tokenCount,
  cachedContentTokenCount: tokenCount,
  toolUsePromptTokenCount: tokenCount,
});

export const geminiResponseSchema = z.looseObject({
  candidates: z.array(candidateSchema).optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  usageMetadata: geminiUsageMetadataSchema.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});

/** Google's error body: `{"error":{"code","message","status","details":[…]}}`. */
export const googleErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ '@type': z.string().optional() })).optional(),
  }),
});

/** `embedContent` and `batchEmbedContents` answers. */
export const geminiEmbeddingSchema = z.looseObject({
  embedding: z.looseObject({ values: z.array(z.number()) }).optional(),
  embeddings: z.array(z.looseObject({ values: z.array(z.number()) })).optional(),
});

/** Imagen's `:predict` answer (images filtered for safety come without bytes). */
export const imagenPredictionSchema = z.looseObject({
  predictions: z
    .array(
      z.looseObject({
        bytesBase64Encoded: z.string().optional(),
        mimeType: z.string().optional(),
        raiFilteredReason: z.string().optional(),
      }),
    )
    .optional(),
});

export type GeminiWireResponse = z.infer<typeof geminiResponseSchema>;
export type GeminiWirePart = z.infer<typeof partSchema>;
export type GeminiWireUsage = z.infer<typeof geminiUsageMetadataSchema>;
