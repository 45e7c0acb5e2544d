import { readAnswerAs } from '../answer-object.js';
import type { JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { toRelayError } from '../upstream-error.js';
import { toOpenAiUsage } from '../usage.js';
import { zhipuV3ResponseSchema } from './zhipu-api-types.js';
import { convertZhipuUsage } from './convert-zhipu-usage.js';
import { zhipuBusinessError } from './zhipu-error.js';

/**
 * v3 sends each choice's content JSON-quoted (`"\" Hello\\nthere\""`): the decoded string, or the
 * text with its surrounding quotes trimmed when it does not decode.
 */
export function unquoteZhipuContent(content: string): string {
  if (content.length >= 2 && content.startsWith('"') && content.endsWith('"')) {
    try {
      const decoded: unknown = JSON.parse(content);
      if (typeof decoded === 'string') return decoded;
    } catch {
      // Not valid JSON: trim the quotes below.
    }
    return content.slice(1, -1);
  }
  return content;
}

/**
 * A v3 `invoke` answer as an OpenAI `chat.completion`: each choice's unquoted content, finish
 * `stop`, usage as reported, id = Zhipu's task id. A business error (`code` ≠ 200) is thrown as
 * the upstream error its code stands for (zhipu-error.ts).
 */
export function convertZhipuResponse(
  payload: unknown,
  model: string,
  created: number,
): InternalAnswer {
  const answer = readAnswerAs(zhipuV3ResponseSchema, payload, 'a chat answer');
  if (answer.code !== 200 || answer.success === false || !answer.data) {
    throw toRelayError(zhipuBusinessError(answer.code, answer.msg ?? ''));
  }
  let text = '';
  const choices = (answer.data.choices ?? []).map((choice, index) => {
    const content = unquoteZhipuContent(choice.content ?? '');
    text += content;
    return {
      index,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    };
  });
  const usage = convertZhipuUsage(answer.data.usage);
  const completion: JsonObject = {
    id: answer.data.task_id ?? '',
    object: 'chat.completion',
    created,
    model,
    choices,
    usage: usage ? toOpenAiUsage(usage) : undefined,
  };
  return { completion, usage, completionText: text };
}
