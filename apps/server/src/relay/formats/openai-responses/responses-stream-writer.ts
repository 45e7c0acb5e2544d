import type {
  InternalStreamEvent,
  RelayCallInput,
  StreamReader,
} from '../../../providers/provider-adaptor.js';
import { ReaderStreamWriter } from '../reader-stream-writer.js';
import { parseJsonObject, type JsonObject } from '../../../providers/json-guards.js';
import type { Usage } from '../../../providers/usage.js';
import { ChatChunksToResponseEvents } from './chat-chunks-to-response-events.js';

/** One Responses stream event as an SSE frame (`event:` names its type, as OpenAI sends it). */
export function responsesFrame(event: JsonObject): string {
  return `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Writes a provider's internal stream (chat chunks) for a Responses client: the full Responses
 * event sequence, closed by `response.completed` carrying the usage billed. An upstream error is
 * written as an `error` event, after which nothing more is written.
 */
export class ResponsesStreamWriter extends ReaderStreamWriter {
  private readonly events: ChatChunksToResponseEvents;

  constructor(input: RelayCallInput, reader: StreamReader) {
    super(input, reader);
    // The client's own request (the internal call is its chat conversion) for the echoed fields.
    this.events = new ChatChunksToResponseEvents(
      parseJsonObject(input.rawBody.toString('utf8')),
      input.upstreamModel,
    );
  }

  protected write(internal: InternalStreamEvent): string {
    // Completions chunks never reach a Responses client.
    const written =
      internal.type === 'error'
        ? [this.events.error(internal.error)]
        : internal.type === 'chunk'
          ? this.events.chunk(internal.chunk)
          : [];
    return written.map(responsesFrame).join('');
  }

  protected closingFrames(usage: Usage): string {
    return this.events.finish(usage).map(responsesFrame).join('');
  }
}
