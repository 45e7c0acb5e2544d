import { parseJsonObject } from '../json-guards.js';
import type { CompletionChunk } from '../hub/stream-events.js';
import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  StreamConverter,
  StreamReader,
  UpstreamError,
} from '../provider-adaptor.js';
import { DONE_FRAME, dataFrame, isDoneMarker } from '../sse-frame.js';
import { toOpenAiUsage, type Usage } from '../usage.js';
import { textGenerationEventSchema } from './cloudflare-api-types.js';
import { parseCloudflareError } from './cloudflare-error.js';
import { completionId, convertWorkersAiUsage } from './workers-ai-completion.js';

/** Status given to an error Workers AI reports inside a stream that began with 200. */
const STREAM_ERROR_STATUS = 500;

/**
 * Reads a streamed Workers AI text generation (`data: {"response":"…"}` … `data: [DONE]`, usage on
 * the last event when the model reports it) into OpenAI `text_completion` chunks: one per text
 * piece, then at `[DONE]` an empty chunk with finish_reason "stop". An envelope with `errors` in
 * the stream ends it as an upstream error.
 */
export class WorkersAiCompletionStreamReader implements StreamReader {
  private readonly id = completionId();
  private readonly created = Math.floor(Date.now() / 1000);
  private readonly model: string;
  private readonly generated: string[] = [];
  private reportedUsage: Usage | undefined;
  private error: UpstreamError | undefined;

  constructor(input: RelayCallInput) {
    this.model = input.upstreamModel;
  }

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  get toolCallCount(): number {
    return 0;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.error;
  }

  completionText(): string {
    return this.generated.join('');
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (isDoneMarker(event.data)) {
      return [{ type: 'completion-chunk', chunk: this.chunk('', 'stop') }];
    }
    const json = parseJsonObject(event.data);
    if (!json) return [];
    if (Array.isArray(json.errors) && json.errors.length > 0) {
      this.error = parseCloudflareError(STREAM_ERROR_STATUS, event.data);
      return [{ type: 'error', error: this.error }];
    }
    const parsed = textGenerationEventSchema.safeParse(json);
    if (!parsed.success) return [];
    const usage = convertWorkersAiUsage(parsed.data.usage);
    if (usage) this.reportedUsage = usage;
    const text = parsed.data.response ?? '';
    if (text === '') return [];
    this.generated.push(text);
    return [{ type: 'completion-chunk', chunk: this.chunk(text, null) }];
  }

  /** The chunk header of every frame of this answer, for the closing usage chunk. */
  header(): Omit<CompletionChunk, 'choices'> {
    return { id: this.id, object: 'text_completion', created: this.created, model: this.model };
  }

  private chunk(text: string, finishReason: string | null): CompletionChunk {
    return {
      ...this.header(),
      choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }],
    };
  }
}

/**
 * The OpenAI client's stream of a Workers AI completion: the reader's chunks as `data:` frames,
 * an upstream error as OpenAI's error frame (the last one), then — on a clean end — the usage
 * chunk when the client asked for usage, and `data: [DONE]`.
 */
export class WorkersAiCompletionStream implements StreamConverter {
  private readonly reader: WorkersAiCompletionStreamReader;

  constructor(private readonly input: RelayCallInput) {
    this.reader = new WorkersAiCompletionStreamReader(input);
  }

  get usage(): Usage | undefined {
    return this.reader.usage;
  }

  get toolCallCount(): number {
    return 0;
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
      if (internal.type !== 'error') {
        frames += dataFrame(JSON.stringify(internal.chunk));
      } else {
        const { message, type, code, param } = internal.error;
        frames += dataFrame(JSON.stringify({ error: { message, type, param, code } }));
      }
    }
    return frames;
  }

  finish(options: { clean: boolean; usage: Usage }): string {
    if (!options.clean || this.reader.upstreamError) return '';
    if (!this.input.clientWantsUsage) return DONE_FRAME;
    const usageChunk = {
      ...this.reader.header(),
      choices: [],
      usage: toOpenAiUsage(options.usage),
    };
    return dataFrame(JSON.stringify(usageChunk)) + DONE_FRAME;
  }
}
