import { readAnswerAs } from '../answer-object.js';
import { parseJsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { difyChatAnswerSchema } from './dify-api-types.js';
import { convertDifyUsage } from './convert-dify-usage.js';

/** A blocking chat-messages answer as a `chat.completion`: `answer` is the content. */
export function convertDifyAnswer(body: Buffer, model: string, created: number): InternalAnswer {
  const answer = readAnswerAs(
    difyChatAnswerSchema,
    parseJsonObject(body.toString('utf8')),
    'a Dify answer',
  );
  const usage = convertDifyUsage(answer.metadata?.usage);
  const completion = oneChoiceCompletion({
    id: `chatcmpl-${answer.message_id ?? ''}`,
    created,
    model,
    message: { role: 'assistant', content: answer.answer, refusal: null },
    finishReason: 'stop',
    usage,
  });
  return { completion, usage, completionText: answer.answer };
}
