import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import type { ProviderAdaptor, RelayCallInput } from '../provider-adaptor.js';
import { SseParser } from '../sse-parser.js';

/**
 * What an OpenAI client receives when the adaptor's upstream stream arrives in `pieces` (SSE
 * framing split anywhere): every frame written, the usage chunk and `[DONE]` included.
 */
export function relayToOpenAiClient(
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  pieces: readonly Buffer[],
): string {
  const parser = new SseParser();
  const converter = streamForClient(openAiFormat, adaptor, input);
  let output = '';
  for (const piece of pieces)
    for (const event of parser.push(piece)) output += converter.onEvent(event);
  for (const event of parser.flush()) output += converter.onEvent(event);
  output += converter.finish({ clean: true, usage: converter.usage! });
  return output;
}

/** The JSON chunks of a client stream (`data: {…}` frames), in order. */
export function openAiChunks<Chunk>(output: string): Chunk[] {
  return output
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice(6)) as Chunk);
}
