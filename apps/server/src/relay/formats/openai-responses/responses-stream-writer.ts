import type {
  RelayCallInput,
  SseEvent,
  StreamConverter,
  StreamReader,
  UpstreamError,
} from '../../../providers/provider-adaptor.js';
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
export class ResponsesStreamWriter implements StreamConverter {
  private readonly events: ChatChunksToResponseEvents;

  constructor(
    input: RelayCallInput,
    private readonly reader: StreamReader,
  ) {
    // The client's own request (the internal call is its chat conversion) for the echoed fields.
    this.events = new ChatChunksToResponseEvents(
      parseJsonObject(input.rawBody.toString('utf8')),
      input.upstreamModel,
    );
  }

  get usage(): Usage | undefined {
    return this.reader.usage;
  }

  get toolCallCount(): number {
    return this.reader.toolCallCount;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.reader.upstreamError;
  }

  completionText(): string {
    return this.reader.completionText();
  }

  onEvent(event: SseEvent): string {
    if (this.reader.upstreamError) return '';
    let frames = '';
    for (const internal of this.reader.read(event)) {
      const written =
        internal.type === 'error'
          ? [this.events.error(internal.error)]
          : this.events.chunk(internal.chunk);
      for (const item of written) frames += responsesFrame(item);
    }
    return frames;
  }

  finish(options: { clean: boolean; usage: Usage }): string {
    if (!options.clean || this.reader.upstreamError) return '';
    return this.events.finish(options.usage).map(responsesFrame).join('');
  }
}
