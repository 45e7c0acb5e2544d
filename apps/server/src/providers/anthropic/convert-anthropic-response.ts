import { toOpenAiUsage, type Usage } from '../usage.js';
import { readObject, readObjectArray, readString, type JsonObject } from '../json-guards.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

/** An Anthropic message converted to an OpenAI `chat.completion`. */
export interface ConvertedAnthropicMessage {
  completion: JsonObject;
  usage: Usage | undefined;
  /** Text, thinking and tool names/arguments, for local counting. */
  completionText: string;
  toolCallCount: number;
}

/**
 * Anthropic message → OpenAI chat.completion: text blocks joined into `content`, thinking blocks
 * into `reasoning_content`, `tool_use` blocks into `tool_calls` with JSON-string arguments.
 * Server-side tool blocks (web search, code execution, …) ran at Anthropic and are not tool calls
 * for the client; the text around them is kept.
 */
export function convertAnthropicMessage(
  message: JsonObject,
  fallbackModel: string,
  created: number,
): ConvertedAnthropicMessage {
  let content = '';
  let reasoning = '';
  const toolCalls: JsonObject[] = [];
  let completionText = '';
  for (const block of readObjectArray(message, 'content')) {
    if (block.type === 'text') {
      content += readString(block, 'text') ?? '';
    } else if (block.type === 'thinking') {
      reasoning += readString(block, 'thinking') ?? '';
    } else if (block.type === 'tool_use') {
      const name = readString(block, 'name') ?? '';
      const input = readObject(block, 'input') ?? {};
      const argumentsText = JSON.stringify(input);
      toolCalls.push({
        id: readString(block, 'id') ?? '',
        type: 'function',
        function: { name, arguments: argumentsText },
      });
      completionText += name + argumentsText;
    }
  }

  const responseMessage: JsonObject = {
    role: 'assistant',
    content: content === '' && toolCalls.length > 0 ? null : content,
    refusal: null,
  };
  if (reasoning) responseMessage.reasoning_content = reasoning;
  if (toolCalls.length > 0) responseMessage.tool_calls = toolCalls;

  const usageObject = readObject(message, 'usage');
  const usage = usageObject ? convertAnthropicUsage(usageObject) : undefined;
  const completion: JsonObject = {
    id: chatCompletionId(readString(message, 'id')),
    object: 'chat.completion',
    created,
    model: readString(message, 'model') || fallbackModel,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: responseMessage,
        logprobs: null,
        finish_reason: mapAnthropicFinishReason(readString(message, 'stop_reason')),
      },
    ],
  };
  if (usage) completion.usage = toOpenAiUsage(usage);
  return {
    completion,
    usage,
    completionText: content + reasoning + completionText,
    toolCallCount: toolCalls.length,
  };
}

/**
 * The OpenAI-style id of a converted answer: `chatcmpl-` and Anthropic's message id, so clients
 * that check the prefix accept it and the upstream id stays traceable.
 */
export function chatCompletionId(anthropicId: string | undefined): string {
  return `chatcmpl-${anthropicId ?? ''}`;
}
