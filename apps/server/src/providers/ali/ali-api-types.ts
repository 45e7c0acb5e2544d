import { z } from 'zod';

/** DashScope's native error answer (any status; also inside a task's `output`). */
export const dashScopeErrorSchema = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
  request_id: z.string().optional(),
});

/** The answer of `POST /api/v1/services/embeddings/text-embedding/text-embedding`. */
export const dashScopeEmbeddingResponseSchema = z.looseObject({
  output: z.looseObject({
    embeddings: z.array(
      z.looseObject({ text_index: z.number().int().nonnegative(), embedding: z.array(z.number()) }),
    ),
  }),
  usage: z.looseObject({ total_tokens: z.number().nonnegative().optional() }).optional(),
  request_id: z.string().optional(),
});

/** One image of a finished task: a URL, or why this image failed. */
const taskResultSchema = z.looseObject({
  url: z.string().optional(),
  actual_prompt: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

/**
 * An asynchronous task: the answer to its submission (`PENDING`) and to `GET /api/v1/tasks/{id}`
 * (`PENDING`, `RUNNING`, `SUCCEEDED`, `FAILED`, `CANCELED`, `UNKNOWN`).
 */
export const dashScopeTaskSchema = z.looseObject({
  request_id: z.string().optional(),
  output: z.looseObject({
    task_id: z.string(),
    task_status: z.string(),
    results: z.array(taskResultSchema).optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  usage: z.looseObject({ image_count: z.number().optional() }).optional(),
});
export type DashScopeTask = z.infer<typeof dashScopeTaskSchema>;
