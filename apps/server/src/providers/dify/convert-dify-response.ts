import { RelayError } from '../../errors/relay-error.js';
import { parseJsonObject, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { toOpenAiUsage } from '../usage.js';
import { difyChatAnswerSchema } from './dify-api-types.js';
import { convertDifyUsage } from './convert-dify-usage.js';

/** A blocking chat-messages answer as a `chat.completion`: `answer` is the content. */
export function convertDifyAnswer(body: Buffer, model: string, created: number): InternalAnswer {
  const parsed = difyChatAnswerSchema.safeParse(parseJsonObject(body.toString('utf8')));
  if (!parsed.success) {
    throw RelayError.upstream(
      500,
      'upstream returned a Dify answer of an unexpected shape',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  const answer = parsed.data;
  const usage = convertDifyUsage(answer.metadata?.usage);
  const completion: JsonObject = {
    id: `chatcmpl-${answer.message_id ?? ''}`,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.answer, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
  };
  if (usage) completion.usage = toOpenAiUsage(usage);
  return { completion, usage, completionText: answer.answer };
}
