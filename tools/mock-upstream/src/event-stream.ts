import type { OutgoingHttpHeaders } from 'node:http';
import { eventStreamHeaders, type RouteContext } from './route-context.js';

/**
 * How a stream goes on the wire when it is not server-sent events: its headers, and the encoding
 * of each planned piece of SSE text (AWS's binary event stream re-frames every event).
 */
export interface StreamEncoding {
  headers: OutgoingHttpHeaders;
  encode(text: string): Buffer;
}

/** A server-sent event stream cut into the parts the stream controls act on. */
export interface StreamPlan {
  /** Events sent right after the headers (role chunk, message_start, …). */
  head: string;
  /** One serialised event per content chunk. */
  content: readonly string[];
  /** Events after the content (finish reason, usage, `[DONE]`, message_stop, …). */
  tail: string;
  /** Inserted before the first content chunk under `x-mock-malformed`. */
  malformedEvent: string;
  /** Replaces the tail under `x-mock-error-midstream`. */
  errorEvent: string;
}

/** `data: …` followed by the blank line that ends an event (OpenAI style). */
export function dataEvent(data: string): string {
  return `data: ${data}\n\n`;
}

/** `event: type` + `data: …` (Anthropic style). */
export function namedEvent(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}

type Ending = 'complete' | 'error' | 'close';

/**
 * Writes a planned stream, honouring the stream controls: the chunk delay before each content
 * chunk, a malformed line, an error event or a destroyed socket after N content chunks (N is
 * clamped to the number of content chunks; when both are asked, the smaller N wins, closing on a
 * tie). Without a chunk delay the whole stream leaves in a single write.
 */
export function writeEventStream(
  context: RouteContext,
  plan: StreamPlan,
  encoding?: StreamEncoding,
): void {
  const { response, controls } = context;
  const wire = (text: string): string | Buffer => (encoding ? encoding.encode(text) : text);
  const total = plan.content.length;
  const closeAt =
    controls.closeAfterChunks === undefined
      ? undefined
      : Math.min(controls.closeAfterChunks, total);
  const errorAt =
    controls.errorMidstream === undefined ? undefined : Math.min(controls.errorMidstream, total);
  let ending: Ending = 'complete';
  let cut = total;
  if (closeAt !== undefined && (errorAt === undefined || closeAt <= errorAt)) {
    ending = 'close';
    cut = closeAt;
  } else if (errorAt !== undefined) {
    ending = 'error';
    cut = errorAt;
  }

  const finish = (text: string): void => {
    if (ending === 'close') {
      // Destroy only once the text has reached the socket, so the client sees the chunks first.
      response.write(wire(text), () => response.socket?.destroy());
    } else {
      response.end(wire(text + (ending === 'error' ? plan.errorEvent : plan.tail)));
    }
  };

  response.writeHead(200, encoding?.headers ?? eventStreamHeaders(context));
  const opening = controls.malformed ? plan.head + plan.malformedEvent : plan.head;
  const delay = controls.chunkDelayMs;
  if (delay === 0 || cut === 0) {
    finish(opening + (cut === total ? plan.content.join('') : plan.content.slice(0, cut).join('')));
    return;
  }

  let aborted = false;
  response.once('close', () => {
    aborted = true;
  });
  response.write(wire(opening));
  let index = 0;
  const writeNext = (): void => {
    if (aborted) return;
    const event = plan.content[index];
    index += 1;
    if (index === cut) {
      finish(event);
    } else {
      response.write(wire(event));
      context.schedule(writeNext, delay);
    }
  };
  context.schedule(writeNext, delay);
}
