import { parseJsonObject } from '../json-guards.js';
import type { UpstreamError } from '../provider-adaptor.js';
import { sparkAnswerFrameSchema, type SparkAnswerFrame } from './xunfei-api-types.js';
import { sparkFrameError } from './xunfei-errors.js';

/** What one answer frame says, read once for the stream reader and the plain answer alike. */
export type ReadFrame =
  | { kind: 'answer'; frame: SparkAnswerFrame }
  | { kind: 'error'; error: UpstreamError }
  | { kind: 'unreadable' };

/** Parses one frame's JSON text; a non-zero `header.code` is an error (status per code). */
export function readSparkFrame(text: string): ReadFrame {
  const parsed = sparkAnswerFrameSchema.safeParse(parseJsonObject(text));
  if (!parsed.success) return { kind: 'unreadable' };
  const { header } = parsed.data;
  if (header.code !== 0)
    return { kind: 'error', error: sparkFrameError(header.code, header.message) };
  return { kind: 'answer', frame: parsed.data };
}

/** The id of a Spark answer in OpenAI's shape: `chatcmpl-` + iFlytek's session id. */
export function sparkCompletionId(frame: SparkAnswerFrame): string {
  return `chatcmpl-${frame.header.sid ?? ''}`;
}

/** The id given to the `index`-th function call of an answer (Spark's calls have none). */
export function sparkToolCallId(sid: string | undefined, index: number): string {
  return `call_${sid ?? 'spark'}_${index}`;
}
