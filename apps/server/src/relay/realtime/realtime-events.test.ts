import { describe, expect, it } from 'vitest';
import { base64FieldBytes, DELTA_KEY, peekType, readEvent } from './realtime-events.js';

const frame = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('realtime event peeking', () => {
  it('finds the type near the start of a compact event', () => {
    expect(peekType(frame({ event_id: 'e1', type: 'response.audio.delta', delta: 'AA==' }))).toBe(
      'response.audio.delta',
    );
    expect(peekType(Buffer.from('{ "type": "spaced" }'))).toBeUndefined();
    expect(peekType(Buffer.from('not json'))).toBeUndefined();
  });

  it('measures a base64 payload without decoding it', () => {
    for (const size of [0, 1, 2, 3, 4800, 4801]) {
      const delta = Buffer.alloc(size, 7).toString('base64');
      const event = frame({ type: 'response.audio.delta', delta, item_id: 'x' });
      expect(base64FieldBytes(event, DELTA_KEY)).toBe(size);
    }
    expect(base64FieldBytes(frame({ type: 'x' }), DELTA_KEY)).toBeUndefined();
  });

  it('reads only JSON objects with a string type', () => {
    expect(readEvent(frame({ type: 'a', n: 1 }))).toEqual({ type: 'a', n: 1 });
    expect(readEvent(frame([1]))).toBeUndefined();
    expect(readEvent(frame({ type: 3 }))).toBeUndefined();
    expect(readEvent(Buffer.from('{'))).toBeUndefined();
  });
});
