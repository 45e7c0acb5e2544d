import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  StreamReader,
  UpstreamError,
} from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { ChatChunkFrames } from '../chat-chunk-frames.js';
import { parseJsonObject } from '../json-guards.js';
import { zhipuStreamMetaSchema } from './zhipu-api-types.js';
import { convertZhipuUsage } from './convert-zhipu-usage.js';

/**
 * Reads a v3 `sse-invoke` stream (split by ZhipuStreamParser) into internal chunks: `add` → a
 * content delta (the event's data is the new text, as `incremental: true` asks); `finish` → its
 * last text and the `stop` chunk; `meta` → the usage; `error` / `interrupted` → the upstream
 * error that ends the stream (Zhipu sends the reason as the data).
 */
export class ZhipuStreamReader implements StreamReader {
  private readonly frames: ChatChunkFrames;
  private reportedUsage: Usage | undefined;
  private failure: UpstreamError | undefined;

  constructor(input: RelayCallInput) {
    this.frames = new ChatChunkFrames(input, 'chatcmpl-');
  }

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  get toolCallCount(): number {
    return 0;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.failure;
  }

  completionText(): string {
    return this.frames.completionText();
  }

  read(event: SseEvent): InternalStreamEvent[] {
    switch (event.event) {
      case 'add':
        return [...this.frames.start(), ...this.frames.text('content', event.data)];
      case 'finish':
        return [...this.frames.text('content', event.data), ...this.frames.finish('stop')];
      case 'meta': {
        const meta = zhipuStreamMetaSchema.safeParse(parseJsonObject(event.data));
        if (!meta.success) return [];
        if (meta.data.task_id) this.frames.id = meta.data.task_id;
        this.reportedUsage = convertZhipuUsage(meta.data.usage) ?? this.reportedUsage;
        return [];
      }
      case 'error':
      case 'interrupted': {
        this.failure = {
          status: 500,
          message: event.data || `Zhipu ended the stream with an ${event.event} event`,
          type: 'upstream_error',
          code: `zhipu_stream_${event.event}`,
          param: '',
        };
        return [{ type: 'error', error: this.failure }];
      }
      default:
        return [];
    }
  }
}
