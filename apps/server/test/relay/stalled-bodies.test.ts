import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD } from '../support/test-app.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** The idle period under test (SERVER_BODY_IDLE_TIMEOUT), short so the test stays short. */
const IDLE_SECONDS = 2;

interface RawAnswer {
  answer: string;
  closed: boolean;
  /** Milliseconds from the first byte sent until the server closed (or the wait ended). */
  elapsed: number;
}

/**
 * Sends a request as raw bytes: the first piece at once, each next one `gapMs` after the last,
 * and collects the answer until the server closes the connection or `waitMs` passes.
 */
function rawExchange(url: string, pieces: string[], gapMs: number, waitMs: number) {
  const { port } = new URL(url);
  return new Promise<RawAnswer>((resolve) => {
    let answer = '';
    const startedAt = Date.now();
    const timers: NodeJS.Timeout[] = [];
    const socket = connect(Number(port), '127.0.0.1', () => {
      pieces.forEach((piece, index) => {
        timers.push(setTimeout(() => socket.write(piece), index * gapMs));
      });
    });
    const end = (closed: boolean) => {
      for (const timer of timers) clearTimeout(timer);
      resolve({ answer, closed, elapsed: Date.now() - startedAt });
    };
    timers.push(
      setTimeout(() => {
        socket.destroy();
        end(false);
      }, waitMs),
    );
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => end(true));
    socket.on('error', () => {});
  });
}

/** A POST's header block for `body`, with the given extra header lines. */
function head(path: string, body: string, headers: string[]): string {
  return [
    `POST ${path} HTTP/1.1`,
    'Host: tollgate',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...headers,
    '',
    '',
  ].join('\r\n');
}

/** `text` cut in `count` pieces of about the same length. */
function cut(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, index) => text.slice(index * size, (index + 1) * size));
}

/** The JSON body of a raw HTTP answer. */
function jsonOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

const CHAT = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
const CLAUDE = JSON.stringify({
  model: 'gpt-4o-mini',
  max_tokens: 20,
  messages: [{ role: 'user', content: 'hi' }],
});
const LOGIN = JSON.stringify({ username: 'root', password: ROOT_PASSWORD });

/**
 * A request whose body stalls is answered 408 and its connection closed once the body has been
 * idle for SERVER_BODY_IDLE_TIMEOUT, on the relay (in the client's format) and on the console
 * API, long before the 120 s request timeout; a body that keeps moving, however slowly, is read
 * to its end and served.
 */
describe('stalled request bodies', { timeout: 30_000 }, () => {
  let fixture: RelayFixture;
  let key: string;

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite', {
      SERVER_BODY_IDLE_TIMEOUT: String(IDLE_SECONDS),
    });
    key = `Authorization: Bearer ${fixture.apiKey}`;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('answers 408 and closes the connection once a half-sent body has been idle', async () => {
    const half = (body: string) => body.slice(0, Math.floor(body.length / 2));
    const stalled = (path: string, body: string, headers: string[]) =>
      rawExchange(fixture.url, [head(path, body, headers) + half(body)], 0, 10_000);
    const [chat, claude, task, consoleLogin] = await Promise.all([
      stalled('/v1/chat/completions', CHAT, [key]),
      stalled('/v1/messages', CLAUDE, [key]),
      stalled('/mj/submit/imagine', '{"prompt":"a red fox"}', [key]),
      stalled('/api/user/login', LOGIN, []),
    ]);

    for (const { answer, closed, elapsed } of [chat, claude, task, consoleLogin]) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toMatch(/connection: close/i);
      expect(closed).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
      // The idle period and Node's one-second timeout check, with room for a busy machine.
      expect(elapsed).toBeLessThan(IDLE_SECONDS * 1000 + 2500);
    }
    expect(jsonOf(chat.answer)).toMatchObject({
      error: { code: 'request_timeout', type: 'invalid_request_error' },
    });
    expect(jsonOf(claude.answer)).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('stalled') },
    });
    expect(jsonOf(task.answer)).toMatchObject({ error: { code: 'request_timeout' } });
    expect(jsonOf(consoleLogin.answer)).toEqual({
      success: false,
      message: '请求体接收超时，请重试',
    });

    expect(fixture.mock.requests).toHaveLength(0);
    await fixture.harness.runtime.context.relay.inFlight.idle();
    expect(fixture.harness.runtime.context.relay.bodyBudget.bytesInUse).toBe(0);
  });

  it('serves bodies that arrive slowly but keep moving, and answers that pause, for longer than the idle period', async () => {
    const pieces = 5;
    const slow = (path: string, body: string, headers: string[]) => {
      const [first, ...rest] = cut(body, pieces);
      return rawExchange(
        fixture.url,
        [head(path, body, [...headers, 'Connection: close']) + first, ...rest],
        1000,
        15_000,
      );
    };
    // A stream whose chunks come further apart than the idle period: the answer is not limited.
    await fixture.controlledModel('gpt-pausing', `chunks=2,delay=${IDLE_SECONDS * 1000 + 500}`);
    const streamed = async () => {
      let text = '';
      const stream = await fixture.client.chat.completions.create({
        model: 'gpt-pausing',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    const [chat, consoleLogin, streamedText] = await Promise.all([
      slow('/v1/chat/completions', CHAT, [key]),
      slow('/api/user/login', LOGIN, []),
      streamed(),
    ]);
    expect(streamedText.length).toBeGreaterThan(0);
    for (const { answer, elapsed } of [chat, consoleLogin]) {
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(elapsed).toBeGreaterThan(IDLE_SECONDS * 1000 + 1000);
    }
    expect(jsonOf(chat.answer)).toMatchObject({ object: 'chat.completion' });
    expect(jsonOf(consoleLogin.answer)).toMatchObject({ success: true });
  });
});
