import { RelayError } from '../../errors/relay-error.js';
import type { DroppedFields } from '../hub/dropped-fields.js';
import type { ChatCall } from '../hub/internal-call.js';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicRequest,
  AnthropicTextBlock,
} from '../anthropic/anthropic-api-types.js';
import {
  convertToAnthropicRequest,
  type AnthropicRequestOptions,
} from '../anthropic/convert-to-anthropic-request.js';
import type {
  ConverseContentBlock,
  ConverseMessage,
  ConverseRequest,
} from './converse-api-types.js';

/**
 * An OpenAI chat request as a Bedrock Converse request, for the models Bedrock serves through
 * Converse (Nova, Llama, Mistral, …). The chat messages go through the Anthropic conversion
 * first — Converse has the same turn structure (alternating user/assistant turns, system apart,
 * tool results in user turns) — and its blocks are renamed: text, base64 images, toolUse,
 * toolResult. Image URLs cannot be sent (Converse takes bytes only) and are refused.
 */
export function convertToConverseRequest(
  body: ChatCall,
  model: string,
  options: AnthropicRequestOptions,
  dropped?: DroppedFields,
): ConverseRequest {
  const anthropic = convertToAnthropicRequest(body, model, false, options, undefined, dropped);
  // What the Anthropic form carries and Converse has no field for.
  if (anthropic.top_k !== undefined) dropped?.add('top_k');
  if (anthropic.metadata !== undefined) dropped?.add('user');
  if (body.thinking) dropped?.add('thinking');
  const request: ConverseRequest = {
    messages: anthropic.messages.map(
      (message): ConverseMessage => ({
        role: message.role,
        content:
          typeof message.content === 'string'
            ? [{ text: message.content }]
            : message.content.map(convertBlock),
      }),
    ),
  };
  if (anthropic.system !== undefined) request.system = convertSystem(anthropic.system);
  request.inferenceConfig = { maxTokens: anthropic.max_tokens };
  if (anthropic.temperature !== undefined) {
    request.inferenceConfig.temperature = anthropic.temperature;
  }
  if (anthropic.top_p !== undefined) request.inferenceConfig.topP = anthropic.top_p;
  if (anthropic.stop_sequences) request.inferenceConfig.stopSequences = anthropic.stop_sequences;
  const toolConfig = convertToolConfig(anthropic);
  if (toolConfig) request.toolConfig = toolConfig;
  return request;
}

function convertSystem(system: string | AnthropicTextBlock[]): { text: string }[] {
  if (typeof system === 'string') return [{ text: system }];
  return system.map((block) => ({ text: block.text }));
}

function convertBlock(block: AnthropicContentBlock): ConverseContentBlock {
  switch (block.type) {
    case 'text':
      return { text: block.text };
    case 'image':
      return convertImage(block);
    case 'tool_use':
      return { toolUse: { toolUseId: block.id, name: block.name, input: block.input } };
    case 'tool_result':
      return {
        toolResult: {
          toolUseId: block.tool_use_id,
          content:
            typeof block.content === 'string'
              ? [{ text: block.content }]
              : block.content.map((part) =>
                  part.type === 'text' ? { text: part.text } : convertImage(part),
                ),
        },
      };
    case 'document':
      throw RelayError.badRequest('file content is not supported by Bedrock Converse models');
  }
}

function convertImage(block: AnthropicImageBlock): {
  image: { format: string; source: { bytes: string } };
} {
  if (block.source.type !== 'base64') {
    throw RelayError.badRequest(
      'Bedrock Converse models take images as base64 data URLs, not links',
    );
  }
  const format = block.source.media_type.replace(/^image\//, '').replace('jpg', 'jpeg');
  return { image: { format, source: { bytes: block.source.data } } };
}

function convertToolConfig(anthropic: AnthropicRequest): ConverseRequest['toolConfig'] {
  if (!anthropic.tools || anthropic.tools.length === 0) return undefined;
  // Converse has no "none": without the tools the model cannot call one.
  if (anthropic.tool_choice?.type === 'none') return undefined;
  const tools = anthropic.tools.map((tool) => ({
    toolSpec: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      inputSchema: { json: tool.input_schema },
    },
  }));
  const choice = anthropic.tool_choice;
  if (!choice) return { tools };
  if (choice.type === 'any') return { tools, toolChoice: { any: {} } };
  if (choice.type === 'tool') return { tools, toolChoice: { tool: { name: choice.name } } };
  return { tools, toolChoice: { auto: {} } };
}
