import type {
  InternalStreamEvent,
  SseEvent,
  StreamConverter,
  StreamReader,
  UpstreamError,
} from '../../providers/provider-adaptor.js';
import type { Usage } from '../../providers/usage.js';

/**
 * What every inbound format's stream writer shares: the progress (usage, tool calls, generated
 * text, an upstream error) is the provider reader's, each upstream event is read into internal
 * events that the format's `write` turns into frames, and once upstream reported an error nothing
 * more is written (the error's own frame was the last).
 */
export abstract class ReaderStreamWriter implements StreamConverter {
  constructor(protected readonly reader: StreamReader) {}

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
    for (const internal of this.reader.read(event)) frames += this.write(internal);
    return frames;
  }

  /** The client's frames for one internal event ('' for none). */
  protected abstract write(internal: InternalStreamEvent): string;

  abstract finish(options: { clean: boolean; usage: Usage }): string;
}
