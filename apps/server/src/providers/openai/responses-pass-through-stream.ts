import type { SseEvent, StreamConverter, UpstreamError } from '../provider-adaptor.js';
import {
  parseJsonObject,
  readObject,
  readString,
  readText,
  type JsonObject,
} from '../json-guards.js';
import { isDoneMarker } from '../sse-frame.js';
import { upstreamErrorFromObject } from '../upstream-error.js';
import type { Usage } from '../usage.js';
import type { OpenAiUsageConverter } from './convert-openai-usage.js';

/** Events that end a Responses stream and carry the Response with its usage. */
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** Events whose `delta` is generated text (counted locally when upstream reports no usage). */
const TEXT_DELTAS = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta',
]);

/**
 * Relays an OpenAI Responses event stream to a Responses client untouched (each event re-framed
 * as upstream named it: `event: <type>` and its `data:`), reading only what billing needs: the
 * usage of `response.completed` (or `.incomplete`, `.failed`), and an `error` event or a failed
 * Response, which end the stream. Events are parsed only when their text may carry one of those;
 * delta payloads are kept and read only if upstream never reports usage.
 */
export class ResponsesPassThroughStream implements StreamConverter {
  private reportedUsage: Usage | undefined;
  private error: UpstreamError | undefined;
  private readonly payloads: string[] = [];
  private scanned = 0;
  private text = '';
  private toolCalls = 0;
  closingEventSeen = false;

  constructor(private readonly convertUsage: OpenAiUsageConverter) {}

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.error;
  }

  get toolCallCount(): number {
    this.scan();
    return this.toolCalls;
  }

  completionText(): string {
    this.scan();
    return this.text;
  }

  onEvent(event: SseEvent): string {
    if (this.error) return '';
    const data = event.data;
    if (data.length === 0 || isDoneMarker(data)) return '';
    const frame = event.event ? `event: ${event.event}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
    const final =
      data.includes('"response.completed"') ||
      data.includes('"response.incomplete"') ||
      data.includes('"response.failed"') ||
      data.includes('"error"');
    if (!final) {
      this.payloads.push(data);
      return frame;
    }
    const payload = parseJsonObject(data);
    if (payload) this.read(payload);
    return frame;
  }

  /** A Responses stream has no closing marker: nothing to add. */
  finish(): string {
    return '';
  }

  private read(payload: JsonObject): void {
    const type = readString(payload, 'type') ?? '';
    if (type === 'error') {
      this.error = {
        status: 500,
        message: readString(payload, 'message') || 'upstream stream reported an error',
        type: 'upstream_error',
        code: readText(payload, 'code'),
        param: readText(payload, 'param'),
      };
      return;
    }
    if (!FINAL_EVENTS.has(type)) {
      this.payloads.push(JSON.stringify(payload));
      return;
    }
    this.closingEventSeen = true;
    const response = readObject(payload, 'response');
    const usage = response && readObject(response, 'usage');
    if (usage) this.reportedUsage = this.convertUsage(usage);
    const failure = response && readObject(response, 'error');
    if (type === 'response.failed') {
      this.error = (failure && upstreamErrorFromObject(500, failure)) ?? {
        status: 500,
        message: (failure && readString(failure, 'message')) || 'upstream response failed',
        type: 'upstream_error',
        code: (failure && readText(failure, 'code')) || '',
        param: '',
      };
    }
  }

  private scan(): void {
    for (; this.scanned < this.payloads.length; this.scanned += 1) {
      const payload = parseJsonObject(this.payloads[this.scanned]);
      if (!payload) continue;
      const type = readString(payload, 'type') ?? '';
      if (TEXT_DELTAS.has(type)) this.text += readString(payload, 'delta') ?? '';
      if (type === 'response.output_item.added') {
        const item = readObject(payload, 'item');
        if (item && item.type === 'function_call') {
          this.toolCalls += 1;
          this.text += readString(item, 'name') ?? '';
        }
      }
    }
  }
}
