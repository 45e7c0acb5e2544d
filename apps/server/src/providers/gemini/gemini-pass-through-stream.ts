import type {
  RelayCallInput,
  SseEvent,
  StreamConverter,
  UpstreamError,
} from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { GeminiStreamReader } from './gemini-stream-reader.js';

/**
 * A Gemini stream for a client that speaks Gemini's API: every upstream event is relayed as it
 * came, and read only for usage, generated text and an error object (relayed too, then the end).
 * Gemini streams have no closing marker, so nothing is added at the end.
 */
export class GeminiPassThroughStream implements StreamConverter {
  private readonly reader: GeminiStreamReader;

  constructor(input: RelayCallInput) {
    this.reader = new GeminiStreamReader(input, { keepThinking: true });
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
    const head = event.event ? `event: ${event.event}\r\n` : '';
    return `${head}data: ${event.data.replace(/\n/g, '\r\ndata: ')}\r\n\r\n`;
  }

  finish(_options: { clean: boolean; usage: Usage }): string {
    return '';
  }
}
