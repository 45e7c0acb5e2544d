import type { InternalStreamEvent, SseEvent } from '../provider-adaptor.js';
import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import { zhipuStreamMetaSchema } from './zhipu-api-types.js';
import { convertZhipuUsage } from './convert-zhipu-usage.js';

/**
 * Reads a v3 `sse-invoke` stream (split by ZhipuStreamParser) into internal chunks: `add` → a
 * content delta (the event's data is the new text, as `incremental: true` asks); `finish` → its
 * last text and the `stop` chunk; `meta` → the usage; `error` / `interrupted` → the upstream
 * error that ends the stream (Zhipu sends the reason as the data).
 */
export class ZhipuStreamReader extends ChunkFramesReader {
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
        return this.fail({
          status: 500,
          message: event.data || `Zhipu ended the stream with an ${event.event} event`,
          type: 'upstream_error',
          code: `zhipu_stream_${event.event}`,
          param: '',
        });
      }
      default:
        return [];
    }
  }
}
