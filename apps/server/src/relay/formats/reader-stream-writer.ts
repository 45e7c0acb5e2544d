import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  StreamConverter,
  StreamReader,
} from '../../providers/provider-adaptor.js';
import { ReaderProgress } from '../../providers/reader-progress.js';
import type { Usage } from '../../providers/usage.js';

/**
 * What every inbound format's stream writer shares: the progress (usage, tool calls, generated
 * text, an upstream error) is the provider reader's, each upstream event is read into internal
 * events that the format's `write` turns into frames, and once upstream reported an error nothing
 * more is written (the error's own frame was the last): a stream that broke off or ended in an
 * error gets no closing frames, a clean one those of `closingFrames`.
 */
export abstract class ReaderStreamWriter extends ReaderProgress implements StreamConverter {
  constructor(
    /** The call being written for (the client's wishes, the model named upstream). */
    protected readonly input: RelayCallInput,
    reader: StreamReader,
  ) {
    super(reader);
  }

  onEvent(event: SseEvent): string {
    if (this.reader.upstreamError) return '';
    let frames = '';
    for (const internal of this.reader.read(event)) frames += this.write(internal);
    return frames;
  }

  /** The client's frames for one internal event ('' for none). */
  protected abstract write(internal: InternalStreamEvent): string;

  finish(options: { clean: boolean; usage: Usage }): string {
    if (!options.clean || this.reader.upstreamError) return '';
    return this.closingFrames(options.usage);
  }

  /** The frames that end a clean stream, with the call's final usage. */
  protected abstract closingFrames(usage: Usage): string;
}
