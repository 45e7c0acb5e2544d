import type { Usage } from '../usage.js';
import { readObject, readObjectArray, readString, type JsonObject } from '../json-guards.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';
import type { AnswerToolCall, ChatCompletion } from '../hub/internal-answer.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

/** An Anthropic message converted to an OpenAI `chat.completion`. */
export interface ConvertedAnthropicMessage {
  completion: ChatCompletion;
  usage: Usage | undefined;
  /** Text, thinking and tool names/arguments, for local counting. */
  completionText: string;
  toolCallCount: number;
}

/**
 * Anthropic message → OpenAI chat.completion: text blocks joined into `content`, thinking blocks
 * into `reasoning_content`, `tool_use` blocks into `tool_calls` with JSON-string arguments.
 * Server-side tool blocks (web search, code execution, …) ran at Anthropic and are not tool calls
 * for the client; the text around them is kept. A call of the response-format tool
 * (`formatToolName`, see convert-response-format.ts) is the answer itself: its input becomes the
 * content (replacing any preamble text), and the finish reason `stop` when it was the only call.
 */
export function convertAnthropicMessage(
  message: JsonObject,
  fallbackModel: string,
  created: number,
  formatToolName?: string,
): ConvertedAnthropicMessage {
  let content = '';
  let reasoning = '';
  const toolCalls: AnswerToolCall[] = [];
  let completionText = '';
  let formatAnswer: string | undefined;
  for (const block of readObjectArray(message, 'content')) {
    if (block.type === 'text') {
      content += readString(block, 'text') ?? '';
    } else if (block.type === 'thinking') {
      reasoning += readString(block, 'thinking') ?? '';
    } else if (block.type === 'tool_use') {
      const name = readString(block, 'name') ?? '';
      const input = readObject(block, 'input') ?? {};
      const argumentsText = JSON.stringify(input);
      if (formatToolName !== undefined && name === formatToolName) {
        formatAnswer = argumentsText;
        continue;
      }
      toolCalls.push({
        id: readString(block, 'id') ?? '',
        type: 'function',
        function: { name, arguments: argumentsText },
      });
      completionText += name + argumentsText;
    }
  }

  // Text before the response-format call is preamble: the call's input is the answer.
  if (formatAnswer !== undefined) {
    completionText += content;
    content = formatAnswer;
  }
  const usageObject = readObject(message, 'usage');
  const usage = usageObject ? convertAnthropicUsage(usageObject) : undefined;
  const completion = oneChoiceCompletion({
    id: chatCompletionId(readString(message, 'id')),
    created,
    model: readString(message, 'model') || fallbackModel,
    message: assistantMessage(content, reasoning, toolCalls),
    finishReason: finishReason(readString(message, 'stop_reason'), toolCalls.length),
    usage,
  });
  return {
    completion,
    usage,
    completionText: content + reasoning + completionText,
    toolCallCount: toolCalls.length,
  };
}

/** A `tool_use` stop with no tool call left for the client was the response-format tool's. */
function finishReason(stopReason: string | undefined, toolCallCount: number): string | null {
  return stopReason === 'tool_use' && toolCallCount === 0
    ? 'stop'
    : mapAnthropicFinishReason(stopReason);
}

/**
 * The OpenAI-style id of a converted answer: `chatcmpl-` and Anthropic's message id, so clients
 * that check the prefix accept it and the upstream id stays traceable.
 */
export function chatCompletionId(anthropicId: string | undefined): string {
  return `chatcmpl-${anthropicId ?? ''}`;
}
