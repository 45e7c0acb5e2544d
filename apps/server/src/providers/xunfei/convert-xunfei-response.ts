import { RelayError } from '../../errors/relay-error.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { AnswerToolCall } from '../hub/internal-answer.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { SseParser } from '../sse-parser.js';
import { toRelayError } from '../upstream-error.js';
import { type Usage } from '../usage.js';
import { SPARK_LAST_FRAME_STATUS } from './xunfei-api-types.js';
import { convertSparkUsage } from './convert-xunfei-usage.js';
import { readSparkFrame, sparkToolCallId } from './xunfei-frame.js';

/**
 * A complete Spark answer — its frames as the websocket exchange wrote them, one `data:` event
 * each — collected into one `chat.completion`: content and reasoning joined in order, function
 * calls as tool calls, the usage of the last frame. Throws the upstream error of an error frame,
 * and a 502 when the answer broke off before its last frame.
 */
export function convertSparkFrames(body: Buffer, model: string, created: number): InternalAnswer {
  const parser = new SseParser();
  const events = [...parser.push(body), ...parser.flush()];
  let id = 'chatcmpl-';
  let content = '';
  let reasoning = '';
  let generated = '';
  let usage: Usage | undefined;
  let complete = false;
  const toolCalls: AnswerToolCall[] = [];
  for (const event of events) {
    const read = readSparkFrame(event.data);
    if (read.kind === 'error') throw toRelayError(read.error);
    if (read.kind === 'unreadable') continue;
    const { frame } = read;
    if (frame.header.sid) id = `chatcmpl-${frame.header.sid}`;
    for (const item of frame.payload?.choices?.text ?? []) {
      content += item.content ?? '';
      reasoning += item.reasoning_content ?? '';
      const call = item.function_call;
      if (call?.name) {
        const argumentsText = call.arguments ?? '{}';
        generated += call.name + argumentsText;
        toolCalls.push({
          id: sparkToolCallId(frame.header.sid, toolCalls.length),
          type: 'function',
          function: { name: call.name, arguments: argumentsText },
        });
      }
    }
    usage = convertSparkUsage(frame.payload?.usage?.text) ?? usage;
    if (frame.header.status === SPARK_LAST_FRAME_STATUS) complete = true;
  }
  if (!complete) {
    throw RelayError.upstream(
      502,
      'iFlytek Spark closed the connection before the last answer frame',
      'upstream_error',
      'incomplete_answer',
    );
  }
  const message = assistantMessage(content, reasoning, toolCalls);
  const completion = oneChoiceCompletion({
    id,
    created,
    model,
    message,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
    usage,
  });
  return { completion, usage, completionText: content + reasoning + generated };
}
