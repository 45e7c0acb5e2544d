import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { StreamEncoding } from './event-stream.js';
import { parseEventStream } from './parse-event-stream.js';
import type { RouteContext } from './route-context.js';

/** The content type of AWS's binary event stream. */
export const AWS_EVENT_STREAM_CONTENT_TYPE = 'application/vnd.amazon.eventstream';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** One event-stream message: an event of `eventType`, or an exception. */
export function encodeAwsMessage(
  kind: 'event' | 'exception',
  type: string,
  payload: string,
): Buffer {
  const typeHeader = kind === 'event' ? ':event-type' : ':exception-type';
  const bytes = codec.encode({
    headers: {
      [typeHeader]: { type: 'string', value: type },
      ':message-type': { type: 'string', value: kind },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: fromUtf8(payload),
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Re-frames a planned SSE stream as AWS's event stream. Each SSE event becomes one message:
 * `exception` events (data `{"type","message"}`) become exception messages; other events become
 * `chunk` events carrying the data base64-encoded in `bytes` (InvokeModelWithResponseStream) when
 * `wrapInChunks`, else events named after the SSE event with the data as payload (ConverseStream).
 */
export function awsEventStreamEncoding(
  context: RouteContext,
  wrapInChunks: boolean,
): StreamEncoding {
  return {
    headers: {
      'content-type': AWS_EVENT_STREAM_CONTENT_TYPE,
      'x-amzn-requestid': context.requestId,
      'x-amzn-bedrock-content-type': 'application/json',
    },
    encode(text: string): Buffer {
      const frames: Buffer[] = [];
      for (const event of parseEventStream(text)) {
        if (event.event === 'exception') {
          const parsed = JSON.parse(event.data) as { type: string; message: string };
          frames.push(
            encodeAwsMessage('exception', parsed.type, JSON.stringify({ message: parsed.message })),
          );
        } else if (wrapInChunks) {
          const bytes = Buffer.from(event.data, 'utf8').toString('base64');
          frames.push(encodeAwsMessage('event', 'chunk', JSON.stringify({ bytes, p: 'abcdefgh' })));
        } else {
          frames.push(encodeAwsMessage('event', event.event ?? '', event.data));
        }
      }
      return Buffer.concat(frames);
    },
  };
}
