import { readAnswerAs } from '../answer-object.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { AnswerToolCall } from '../hub/internal-answer.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { converseResponseSchema } from './converse-api-types.js';
import { convertConverseUsage, mapConverseStopReason } from './convert-converse-usage.js';

/**
 * A Converse answer as an OpenAI `chat.completion`: text blocks joined into `content`, reasoning
 * into `reasoning_content`, toolUse blocks into `tool_calls` with JSON-string arguments.
 * Converse answers carry no id; `requestId` (upstream's request id, else one of Tollgate's) names
 * the completion.
 */
export function convertConverseResponse(
  payload: unknown,
  model: string,
  requestId: string,
  created: number,
): InternalAnswer {
  const response = readAnswerAs(converseResponseSchema, payload, 'a Converse answer');
  let content = '';
  let reasoning = '';
  let generated = '';
  const toolCalls: AnswerToolCall[] = [];
  for (const block of response.output.message.content) {
    if (block.text !== undefined) content += block.text;
    const reasoningText = block.reasoningContent?.reasoningText?.text;
    if (reasoningText) reasoning += reasoningText;
    if (block.toolUse) {
      const argumentsText = JSON.stringify(block.toolUse.input ?? {});
      toolCalls.push({
        id: block.toolUse.toolUseId ?? '',
        type: 'function',
        function: { name: block.toolUse.name, arguments: argumentsText },
      });
      generated += block.toolUse.name + argumentsText;
    }
  }
  const message = assistantMessage(content, reasoning, toolCalls);
  const usage = convertConverseUsage(response.usage);
  const completion = oneChoiceCompletion({
    id: `chatcmpl-${requestId}`,
    created,
    model,
    message,
    finishReason: mapConverseStopReason(response.stopReason),
    usage,
  });
  return { completion, usage, completionText: content + reasoning + generated };
}
