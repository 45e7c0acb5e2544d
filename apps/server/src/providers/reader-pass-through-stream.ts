import type { SseEvent, StreamConverter, StreamReader } from './stream-contract.js';
import { ReaderProgress } from './reader-progress.js';

/** How a provider's native stream is framed back to a client that speaks it. */
export interface PassThroughFraming {
  /** The line break upstream uses (Gemini sends `\r\n`), kept so the client sees its frames. */
  lineBreak: '\n' | '\r\n';
  /** The event that closes the client's stream (Claude's `message_stop`); none when absent. */
  closingEvent?: string;
}

/**
 * A provider's stream for a client that speaks the provider's own format: every upstream event is
 * relayed as it came (`event:` and `data:` as sent, no parse for the client's sake) and read by
 * the provider's reader only for usage, generated text and an error (relayed too, then the end).
 * Nothing is added at the end.
 */
export class ReaderPassThroughStream extends ReaderProgress implements StreamConverter {
  closingEventSeen = false;

  constructor(
    reader: StreamReader,
    private readonly framing: PassThroughFraming,
  ) {
    super(reader);
  }

  onEvent(event: SseEvent): string {
    if (this.reader.upstreamError) return '';
    this.reader.read(event);
    if (event.event !== '' && event.event === this.framing.closingEvent) {
      this.closingEventSeen = true;
    }
    const br = this.framing.lineBreak;
    const head = event.event ? `event: ${event.event}${br}` : '';
    return `${head}data: ${event.data.replace(/\n/g, `${br}data: `)}${br}${br}`;
  }

  finish(): string {
    return '';
  }
}
