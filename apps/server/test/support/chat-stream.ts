import type { CompletionUsage } from 'openai/resources/completions';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/** The one function tool the channel tests offer; the mock upstream calls it with `{"city":"mock"}`. */
export const WEATHER_TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  },
];

/** What a streamed chat completion said, put back together from its chunks. */
export interface ReadChatStream {
  text: string;
  /** The first tool call's name and arguments, concatenated over its deltas ('' without one). */
  toolName: string;
  toolArguments: string;
  /** The last finish reason sent. */
  finish: string | null | undefined;
  /** The usage chunk, when one came. */
  usage: CompletionUsage | undefined;
}

/** Reads a chat completion stream to its end (rejects when the stream breaks). */
export async function readChatStream(
  stream: AsyncIterable<ChatCompletionChunk>,
): Promise<ReadChatStream> {
  const read: ReadChatStream = {
    text: '',
    toolName: '',
    toolArguments: '',
    finish: undefined,
    usage: undefined,
  };
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    read.text += choice?.delta?.content ?? '';
    const call = choice?.delta?.tool_calls?.[0];
    read.toolName += call?.function?.name ?? '';
    read.toolArguments += call?.function?.arguments ?? '';
    read.finish = choice?.finish_reason ?? read.finish;
    if (chunk.usage) read.usage = chunk.usage;
  }
  return read;
}
