import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** One AWS event-stream message (test side: what Bedrock sends). */
export function awsFrame(kind: 'event' | 'exception', type: string, payload: string): Buffer {
  const bytes = codec.encode({
    headers: {
      [kind === 'event' ? ':event-type' : ':exception-type']: { type: 'string', value: type },
      ':message-type': { type: 'string', value: kind },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: fromUtf8(payload),
  });
  return Buffer.from(bytes);
}

/** ConverseStream fixture lines (`{"<event type>": payload}`) as an event-stream body. */
export function converseStreamBody(lines: string[]): Buffer {
  return Buffer.concat(
    lines.map((line) => {
      const [type, payload] = Object.entries(JSON.parse(line) as Record<string, unknown>)[0]!;
      return awsFrame('event', type, JSON.stringify(payload));
    }),
  );
}

/** Anthropic stream events (one JSON per line) as InvokeModelWithResponseStream `chunk` events. */
export function invokeStreamBody(lines: string[]): Buffer {
  return Buffer.concat(
    lines.map((line) =>
      awsFrame(
        'event',
        'chunk',
        JSON.stringify({ bytes: Buffer.from(line, 'utf8').toString('base64'), p: 'abcd' }),
      ),
    ),
  );
}
