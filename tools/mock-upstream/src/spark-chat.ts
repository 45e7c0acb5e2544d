import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { resolveControls, type MockControls } from './mock-controls.js';
import {
  chunkText,
  completionTokens,
  messagesCharacters,
  promptTokensForCharacters,
} from './reply-content.js';
import { openAiToolCall } from './tool-calls.js';

/**
 * iFlytek Spark's chat websocket (`/{version}/chat`, e.g. `/v3.5/chat`), checked the way iFlytek
 * checks it:
 * - the handshake URL carries `authorization`, `date` and `host`; the mock recomputes the
 *   HMAC-SHA256 signature over `host: {Host header}\ndate: {date}\nGET {path} HTTP/1.1` with the
 *   secret of the presented api_key and refuses (401 `{"message":…}`) a missing parameter, an
 *   unknown key or a signature that does not match, and (403) a date more than 300 s away;
 * - the request frame must carry the app id of that key (else error frame 10313) and a domain
 *   and messages (else 10163).
 * The answer is `chunks` frames (status 0, 1…, the last 2 with `payload.usage.text`), chunk `i`
 * holding `chunkText(i)`; with `payload.functions` the first function is called in one frame.
 * Controls come from a suffix of `header.uid` (e.g. `u@chunks=5`), the only client-chosen field:
 * `status` → an error frame (400 → 10013 content blocked, 401 → 11200, 403 → 11201, 429 → 11202,
 * others 10010), `error` → error frame 10014 after that many frames, `close` → the socket dropped
 * after that many frames, `delay`, `omit-usage`.
 */
export const SPARK_MOCK_APP_ID = 'mock-spark-app';
export const SPARK_MOCK_API_SECRET = 'mock-spark-secret';
export const SPARK_MOCK_API_KEY = 'mock-spark-key';
/** A channel key the mock accepts: `APPID|APISecret|APIKey`. */
export const SPARK_MOCK_CHANNEL_KEY = `${SPARK_MOCK_APP_ID}|${SPARK_MOCK_API_SECRET}|${SPARK_MOCK_API_KEY}`;

/** The app id each key belongs to, and its secret. */
const KEYS: ReadonlyMap<string, { appId: string; secret: string }> = new Map([
  [SPARK_MOCK_API_KEY, { appId: SPARK_MOCK_APP_ID, secret: SPARK_MOCK_API_SECRET }],
]);

const MAX_CLOCK_SKEW_MS = 300_000;
const SPARK_PATH = /^\/v\d+(\.\d+)?\/chat$/;

/** Error codes for the `status` control. */
const STATUS_CODES: Readonly<Record<number, number>> = {
  400: 10013,
  401: 11200,
  403: 11201,
  429: 11202,
};

export function isSparkPath(path: string): boolean {
  return SPARK_PATH.test(path);
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** `api_key="…", algorithm="…", headers="…", signature="…"` → its fields. */
function parseAuthorization(encoded: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why the handshake is refused (status and iFlytek's message), or the key's app id. */
function checkHandshake(
  request: IncomingMessage,
  path: string,
  query: Readonly<Record<string, string>>,
): { status: number; message: string } | { appId: string } {
  const { authorization, date, host } = query;
  if (!authorization || !date || !host) return { status: 401, message: 'Unauthorized' };
  const sent = Date.parse(date);
  if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > MAX_CLOCK_SKEW_MS) {
    return {
      status: 403,
      message:
        'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication',
    };
  }
  const fields = parseAuthorization(authorization);
  const key = KEYS.get(fields.api_key ?? '');
  if (
    !key ||
    fields.algorithm !== 'hmac-sha256' ||
    fields.headers !== 'host date request-line' ||
    host !== request.headers.host
  ) {
    return { status: 401, message: 'HMAC signature cannot be verified' };
  }
  const signed = `host: ${request.headers.host}\ndate: ${date}\nGET ${path} HTTP/1.1`;
  const expected = createHmac('sha256', key.secret).update(signed).digest('base64');
  if (!sameText(expected, fields.signature ?? '')) {
    return { status: 401, message: 'HMAC signature does not match' };
  }
  return { appId: key.appId };
}

/** What the mock needs from its server. */
export interface SparkHost {
  nextId(prefix: string): string;
  schedule(callback: () => void, delayMs: number): void;
}

/** The Spark endpoint: a websocket server without its own port. */
export class MockSpark {
  private readonly server = new WebSocketServer({ noServer: true });

  constructor(private readonly host: SparkHost) {}

  /** Answers an upgrade on a Spark path; `frames` receives the request frame for the test. */
  upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    path: string,
    query: Readonly<Record<string, string>>,
    frames: unknown[],
  ): void {
    const check = checkHandshake(request, path, query);
    if ('status' in check) {
      refuse(socket, check.status, check.message);
      return;
    }
    this.server.handleUpgrade(request, socket, head, (client) => {
      client.on('error', () => undefined);
      client.once('message', (data) => {
        const frame = parseFrame(data);
        frames.push(frame ?? data.toString());
        new SparkAnswer(client, this.host, check.appId, frame).start();
      });
    });
  }

  close(): void {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }
}

function parseFrame(data: RawData): JsonRecord | undefined {
  try {
    const parsed: unknown = JSON.parse(data.toString());
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** One answer to one request frame. */
class SparkAnswer {
  private readonly sid: string;
  private readonly controls: MockControls;

  constructor(
    private readonly client: WebSocket,
    private readonly host: SparkHost,
    private readonly appId: string,
    private readonly frame: JsonRecord | undefined,
  ) {
    this.sid = host.nextId('cht000b');
    const uid = (frame && readString(readRecord(frame, 'header') ?? {}, 'uid')) ?? '';
    this.controls = resolveControls({}, uid).controls;
  }

  start(): void {
    const frame = this.frame;
    const header = frame && readRecord(frame, 'header');
    if (!frame || !header) return this.fail(10163, 'invalid request frame: not a JSON object');
    if (readString(header, 'app_id') !== this.appId) {
      return this.fail(10313, 'appid cannot match apikey');
    }
    const chat = readRecord(readRecord(frame, 'parameter') ?? {}, 'chat');
    const messages = readArray(
      readRecord(readRecord(frame, 'payload') ?? {}, 'message') ?? {},
      'text',
    );
    if (!chat || !readString(chat, 'domain') || !messages || messages.length === 0) {
      return this.fail(10163, 'parameter.chat.domain and payload.message.text are required');
    }
    const status = this.controls.status;
    if (status !== undefined)
      return this.fail(STATUS_CODES[status] ?? 10010, `mock status ${status}`);

    const promptTokens = promptTokensForCharacters(messagesCharacters(messages));
    const functions = readArray(
      readRecord(readRecord(frame, 'payload') ?? {}, 'functions') ?? {},
      'text',
    );
    const call =
      functions &&
      openAiToolCall({ tools: functions.map((fn) => ({ type: 'function', function: fn })) });
    if (call) {
      this.send(
        2,
        [
          {
            content: '',
            role: 'assistant',
            index: 0,
            function_call: { name: call.name, arguments: call.arguments },
          },
        ],
        this.usage(promptTokens, completionTokens(1)),
      );
      return;
    }
    this.sendChunk(0, promptTokens);
  }

  private sendChunk(index: number, promptTokens: number): void {
    const { chunks, chunkDelayMs, closeAfterChunks, errorMidstream } = this.controls;
    const next = () => {
      if (this.client.readyState !== this.client.OPEN) return;
      if (closeAfterChunks !== undefined && index >= closeAfterChunks) {
        this.client.terminate();
        return;
      }
      if (errorMidstream !== undefined && index >= errorMidstream) {
        this.fail(10014, 'output content blocked by the moderation');
        return;
      }
      const last = index >= chunks - 1;
      const text = [{ content: chunkText(index), role: 'assistant', index: 0 }];
      this.send(
        last ? 2 : index === 0 ? 0 : 1,
        text,
        last ? this.usage(promptTokens, completionTokens(chunks)) : undefined,
        index,
      );
      if (!last) this.sendChunk(index + 1, promptTokens);
    };
    if (chunkDelayMs > 0) this.host.schedule(next, chunkDelayMs);
    else next();
  }

  private usage(prompt: number, completion: number): JsonRecord | undefined {
    if (this.controls.omitUsage) return undefined;
    return {
      text: {
        question_tokens: prompt,
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
    };
  }

  private send(status: number, text: JsonRecord[], usage: JsonRecord | undefined, seq = 0): void {
    const payload: JsonRecord = { choices: { status, seq, text } };
    if (usage) payload.usage = usage;
    this.client.send(
      JSON.stringify({ header: { code: 0, message: 'Success', sid: this.sid, status }, payload }),
    );
    if (status === 2) this.client.close(1000);
  }

  /** iFlytek's error frame (status 2, no payload), then the socket closes. */
  private fail(code: number, message: string): void {
    this.client.send(JSON.stringify({ header: { code, message, sid: this.sid, status: 2 } }));
    this.client.close(1000);
  }
}
