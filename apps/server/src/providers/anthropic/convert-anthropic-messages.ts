import { RelayError } from '../../errors/relay-error.js';
import { parseJsonObject } from '../json-guards.js';
import type {
  AssistantMessage,
  ChatMessage,
  FunctionMessage,
  ToolMessage,
} from '../hub/internal-call.js';
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
} from './anthropic-api-types.js';
import { convertContent, convertTextContent } from './convert-anthropic-content.js';

/** Stands in for empty content, which Anthropic rejects (reference §3.6 "claude"). */
const EMPTY_CONTENT = '...';

/** OpenAI chat messages split into Anthropic's `system` and `messages`. */
export interface ConvertedMessages {
  /** undefined when there is no system prompt. */
  system: string | AnthropicTextBlock[] | undefined;
  messages: AnthropicMessage[];
}

interface Turn {
  role: 'user' | 'assistant';
  blocks: AnthropicContentBlock[];
}

/**
 * Converts OpenAI chat messages (reference §3.6 "claude"):
 * - `system` and `developer` messages go to `system`, wherever they appear; several are kept as
 *   separate text blocks (the reference keeps only the last, which loses instructions);
 * - consecutive messages of the same role are merged into one turn (Anthropic alternates roles);
 * - `tool` messages become `tool_result` blocks of a user turn, placed before any text there as
 *   the API requires; assistant `tool_calls` become `tool_use` blocks;
 * - empty turns become `"..."`, and a conversation not starting with a user turn gets a leading
 *   user `"..."`;
 * - a turn that is a single plain text block is sent as a string.
 */
export function convertMessages(openAiMessages: readonly ChatMessage[]): ConvertedMessages {
  const system: AnthropicTextBlock[] = [];
  const turns: Turn[] = [];
  const append = (role: Turn['role'], blocks: AnthropicContentBlock[]): void => {
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.blocks.push(...blocks);
    else turns.push({ role, blocks });
  };

  for (const message of openAiMessages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...convertTextContent(message.content));
        break;
      case 'user':
        append('user', convertContent(message.content));
        break;
      case 'assistant':
        append('assistant', [...convertContent(message.content), ...convertToolCalls(message)]);
        break;
      case 'tool':
      case 'function':
        append('user', [convertToolResult(message)]);
        break;
    }
  }

  if (turns.length === 0 || turns[0].role !== 'user') turns.unshift({ role: 'user', blocks: [] });
  return {
    system: collapseSystem(system),
    messages: turns.map((turn) => ({
      role: turn.role,
      content: collapseContent(orderToolResultsFirst(turn)),
    })),
  };
}

function convertToolCalls(message: AssistantMessage): AnthropicToolUseBlock[] {
  return (message.tool_calls ?? []).map((call) => {
    const argumentsText = call.function.arguments ?? '';
    // Anthropic needs an object; empty or malformed arguments from history become {}.
    const input = argumentsText ? (parseJsonObject(argumentsText) ?? {}) : {};
    return { type: 'tool_use', id: call.id ?? '', name: call.function.name, input };
  });
}

function convertToolResult(message: ToolMessage | FunctionMessage): AnthropicToolResultBlock {
  const toolUseId = message.tool_call_id;
  if (!toolUseId) throw RelayError.badRequest('tool messages need a tool_call_id');
  const content = message.content;
  if (typeof content === 'string' || content === null || content === undefined) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: content || EMPTY_CONTENT };
  }
  const blocks = convertContent(content).filter(
    (block): block is AnthropicTextBlock | AnthropicImageBlock =>
      block.type === 'text' || block.type === 'image',
  );
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: blocks.length > 0 ? blocks : EMPTY_CONTENT,
  };
}

function orderToolResultsFirst(turn: Turn): AnthropicContentBlock[] {
  if (turn.role !== 'user' || !turn.blocks.some((block) => block.type === 'tool_result'))
    return turn.blocks;
  return [
    ...turn.blocks.filter((block) => block.type === 'tool_result'),
    ...turn.blocks.filter((block) => block.type !== 'tool_result'),
  ];
}

function collapseContent(blocks: AnthropicContentBlock[]): string | AnthropicContentBlock[] {
  if (blocks.length === 0) return EMPTY_CONTENT;
  const [first] = blocks;
  if (blocks.length === 1 && first.type === 'text' && first.cache_control === undefined)
    return first.text;
  return blocks;
}

function collapseSystem(blocks: AnthropicTextBlock[]): string | AnthropicTextBlock[] | undefined {
  if (blocks.length === 0) return undefined;
  if (blocks.length === 1 && blocks[0].cache_control === undefined) return blocks[0].text;
  return blocks;
}
