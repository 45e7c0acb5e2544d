import { describe, expect, it } from 'vitest';
import { UpstreamBody } from './upstream-body.js';
import { UpstreamBodyTooLarge, type UpstreamBodySink } from './upstream-exchange.js';

function source() {
  const calls: string[] = [];
  const aborted: Error[] = [];
  return {
    calls,
    aborted,
    pause: () => calls.push('pause'),
    abort: (error: Error) => aborted.push(error),
  };
}

function recordingSink(accept = true) {
  const seen: string[] = [];
  const sink: UpstreamBodySink = {
    onChunk: (chunk) => (seen.push(chunk.toString()), accept),
    onEnd: () => seen.push('end'),
    onError: (error) => seen.push(`error: ${error.message}`),
  };
  return { seen, sink };
}

describe('UpstreamBody', () => {
  it('reads a body that ended before the reader came, whole', async () => {
    const body = new UpstreamBody(source());
    body.push(Buffer.from('ab'));
    body.push(Buffer.from('cd'));
    body.end();
    expect(body.done).toBe(true);
    expect((await body.readAll(10)).toString()).toBe('abcd');
  });

  it('hands early chunks to a stream first, then the rest as it comes, pausing when told', () => {
    const transport = source();
    const body = new UpstreamBody(transport);
    body.push(Buffer.from('a'));
    const { seen, sink } = recordingSink(false);
    body.stream(sink);
    body.push(Buffer.from('b'));
    body.end();
    expect(seen).toEqual(['a', 'b', 'end']);
    expect(transport.calls).toEqual(['pause', 'pause']);
  });

  it('refuses a body past the limit, whether it was already there or arrives later', async () => {
    const already = source();
    const first = new UpstreamBody(already);
    first.push(Buffer.from('12345'));
    await expect(first.readAll(4)).rejects.toBeInstanceOf(UpstreamBodyTooLarge);
    expect(already.aborted).toHaveLength(1);

    const later = source();
    const second = new UpstreamBody(later);
    const reading = second.readAll(4);
    second.push(Buffer.from('123'));
    second.push(Buffer.from('45'));
    await expect(reading).rejects.toBeInstanceOf(UpstreamBodyTooLarge);
    expect(later.aborted).toHaveLength(1);
  });

  it('passes a broken transfer to the consumer, attached before or after', async () => {
    const reading = new UpstreamBody(source());
    const whole = reading.readAll(10);
    reading.fail(new Error('reset'));
    await expect(whole).rejects.toThrow('reset');

    const streaming = new UpstreamBody(source());
    streaming.push(Buffer.from('a'));
    streaming.fail(new Error('idle'));
    expect(streaming.done).toBe(true);
    const { seen, sink } = recordingSink();
    streaming.stream(sink);
    expect(seen).toEqual(['a', 'error: idle']);
  });
});
