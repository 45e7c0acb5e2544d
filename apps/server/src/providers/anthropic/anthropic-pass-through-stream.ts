import type {
  RelayCallInput,
  SseEvent,
  StreamConverter,
  UpstreamError,
} from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { AnthropicStreamReader } from './anthropic-stream-reader.js';

/**
 * A Claude Messages stream for a client that speaks it: every upstream event is relayed as it
 * came (`event:` and `data:` as sent), and read only for usage, generated text and an `error`
 * event (which is relayed too, then ends the stream). Nothing is added at the end; `message_stop`
 * is the closing event.
 */
export class AnthropicPassThroughStream implements StreamConverter {
  private readonly reader: AnthropicStreamReader;
  closingEventSeen = false;

  constructor(input: RelayCallInput) {
    this.reader = new AnthropicStreamReader(input, { keepThinking: true });
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
    this.reader.read(event);
    if (event.event === 'message_stop') this.closingEventSeen = true;
    const head = event.event ? `event: ${event.event}\n` : '';
    return `${head}data: ${event.data.replace(/\n/g, '\ndata: ')}\n\n`;
  }

  finish(_options: { clean: boolean; usage: Usage }): string {
    return '';
  }
}
