import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isRecord, readString, type JsonRecord } from './json-shape.js';
import type { MockControls } from './mock-controls.js';
import { invalidKeyMessage, mockStatusMessage, openAiErrorBody } from './provider-errors.js';
import { chunkText, completionTokens, promptTokensForCharacters } from './reply-content.js';

/**
 * OpenAI's Realtime API (beta `realtime=v1` event shapes) on a websocket: `/v1/realtime?model=`
 * and Azure's `/openai/realtime?api-version=…&deployment=…`.
 *
 * On connect the mock sends `session.created`. A `response.create` streams `response.created`,
 * `response.output_item.added`, then per content chunk (the `chunks` control, each
 * `chunk-delay-ms` apart) a `response.audio.delta` of AUDIO_BYTES_PER_CHUNK bytes of silence and a
 * `response.audio_transcript.delta` — or, when the response's modalities are `["text"]`, a
 * `response.text.delta` — and finally `response.done` with usage:
 * - input text tokens: REALTIME_BASE_INPUT_TOKENS + ceil(characters / 4) of every `input_text`
 *   item and the session's instructions;
 * - input audio tokens: ceil(appended audio bytes / AUDIO_BYTES_PER_INPUT_TOKEN);
 * - output text tokens: chunks × 2; output audio tokens: chunks × AUDIO_TOKENS_PER_CHUNK (none in
 *   text-only responses); cached tokens: the `cached-tokens` control.
 * Everything counted since the previous `response.done` is reported once. `response.cancel` ends
 * the response in progress with status `cancelled` and the usage produced so far. Controls:
 * `omit-usage` (response.done without usage), `close-after-chunks` (the socket dropped), `status`
 * (the handshake refused with that status). Invalid JSON gets an `error` event.
 */
export const AUDIO_BYTES_PER_CHUNK = 4800;
export const AUDIO_TOKENS_PER_CHUNK = 5;
export const AUDIO_BYTES_PER_INPUT_TOKEN = 4800;
export const REALTIME_BASE_INPUT_TOKENS = 10;

const SILENCE = Buffer.alloc(AUDIO_BYTES_PER_CHUNK).toString('base64');

/** What the mock needs from its server to serve one realtime connection. */
export interface RealtimeHost {
  nextId(prefix: string): string;
  schedule(callback: () => void, delayMs: number): void;
}

/** True for the paths the realtime endpoint answers. */
export function isRealtimePath(path: string): boolean {
  return path === '/v1/realtime' || path === '/realtime' || path === '/openai/realtime';
}

/** Refuses a websocket handshake with an HTTP status and an OpenAI error body. */
function refuse(socket: Duplex, status: number, message: string, code?: string): void {
  const body = openAiErrorBody(status, message, code === undefined ? {} : { code });
  socket.end(
    `HTTP/1.1 ${status} Error\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The realtime endpoint: a websocket server without its own port. */
export class MockRealtime {
  private readonly server = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  });

  constructor(private readonly host: RealtimeHost) {}

  /**
   * Answers an upgrade on a realtime path; `events` receives every client event (parsed JSON, or
   * the raw text when it is not JSON) for the test to inspect.
   */
  upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    options: { controls: MockControls; model: string; invalidKey: boolean; events: unknown[] },
  ): void {
    if (options.invalidKey) {
      refuse(socket, 401, invalidKeyMessage('openai', 'sk-invalid'), 'invalid_api_key');
      return;
    }
    const status = options.controls.status;
    if (status !== undefined) {
      refuse(socket, status, mockStatusMessage(status));
      return;
    }
    this.server.handleUpgrade(request, socket, head, (client) => {
      new RealtimeSession(client, this.host, options.controls, options.model, options.events);
    });
  }

  /** Drops every open connection. */
  close(): void {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }
}

/** One connection's conversation state. */
class RealtimeSession {
  private instructions = '';
  private inputCharacters = 0;
  private inputAudioBytes = 0;
  private response: { id: string; chunksSent: number; audio: boolean; done: boolean } | undefined;

  constructor(
    private readonly client: WebSocket,
    private readonly host: RealtimeHost,
    private readonly controls: MockControls,
    private readonly model: string,
    private readonly events: unknown[],
  ) {
    client.on('error', () => undefined);
    client.on('message', (data, isBinary) => this.receive(data, isBinary));
    this.send({
      type: 'session.created',
      session: {
        id: this.host.nextId('sess_mock'),
        object: 'realtime.session',
        model,
        modalities: ['text', 'audio'],
        instructions: '',
        voice: 'alloy',
        input_audio_format: 'pcm16',
        output_audio_format: 'pcm16',
        turn_detection: null,
        tools: [],
        tool_choice: 'auto',
        temperature: 0.8,
        max_response_output_tokens: 'inf',
      },
    });
  }

  private send(event: JsonRecord): void {
    if (this.client.readyState !== this.client.OPEN) return;
    this.client.send(JSON.stringify({ event_id: this.host.nextId('event_mock'), ...event }));
  }

  private receive(data: RawData, isBinary: boolean): void {
    const text = isBinary ? '' : data.toString();
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      this.events.push(text);
      this.send({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          code: 'invalid_json',
          message: 'The server failed to parse the JSON of the event.',
          param: null,
          event_id: null,
        },
      });
      return;
    }
    this.events.push(event);
    if (!isRecord(event)) return;
    switch (readString(event, 'type')) {
      case 'session.update': {
        const session = isRecord(event.session) ? event.session : {};
        const instructions = readString(session, 'instructions');
        if (instructions !== undefined) this.instructions = instructions;
        this.send({ type: 'session.updated', session: { model: this.model, ...session } });
        break;
      }
      case 'input_audio_buffer.append': {
        const audio = readString(event, 'audio') ?? '';
        this.inputAudioBytes += Buffer.from(audio, 'base64').length;
        break;
      }
      case 'input_audio_buffer.commit':
        this.send({ type: 'input_audio_buffer.committed', item_id: this.host.nextId('item_mock') });
        break;
      case 'conversation.item.create':
        this.inputCharacters += itemTextLength(event.item);
        this.send({ type: 'conversation.item.created', item: event.item ?? null });
        break;
      case 'response.create':
        this.startResponse(isRecord(event.response) ? event.response : {});
        break;
      case 'response.cancel':
        if (this.response && !this.response.done) this.finishResponse('cancelled');
        break;
      default:
        break;
    }
  }

  private startResponse(options: JsonRecord): void {
    if (this.response && !this.response.done) {
      this.send({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          code: 'conversation_already_has_active_response',
          message: 'Conversation already has an active response',
          param: null,
        },
      });
      return;
    }
    const modalities = Array.isArray(options.modalities) ? options.modalities : ['text', 'audio'];
    const response = {
      id: this.host.nextId('resp_mock'),
      chunksSent: 0,
      audio: modalities.includes('audio'),
      done: false,
    };
    this.response = response;
    this.send({
      type: 'response.created',
      response: { object: 'realtime.response', id: response.id, status: 'in_progress', output: [] },
    });
    this.send({
      type: 'response.output_item.added',
      response_id: response.id,
      output_index: 0,
      item: {
        id: `item_${response.id}`,
        object: 'realtime.item',
        type: 'message',
        role: 'assistant',
      },
    });
    this.nextChunk(response);
  }

  private nextChunk(response: NonNullable<RealtimeSession['response']>): void {
    const step = () => {
      if (response.done || this.client.readyState !== this.client.OPEN) return;
      if (response.chunksSent >= this.controls.chunks) {
        this.finishResponse('completed');
        return;
      }
      if (this.controls.closeAfterChunks === response.chunksSent) {
        this.client.terminate();
        return;
      }
      const index = response.chunksSent;
      const where = {
        response_id: response.id,
        item_id: `item_${response.id}`,
        output_index: 0,
        content_index: 0,
      };
      if (response.audio) {
        this.send({ type: 'response.audio.delta', ...where, delta: SILENCE });
        this.send({ type: 'response.audio_transcript.delta', ...where, delta: chunkText(index) });
      } else {
        this.send({ type: 'response.text.delta', ...where, delta: chunkText(index) });
      }
      response.chunksSent += 1;
      this.nextChunk(response);
    };
    if (this.controls.chunkDelayMs > 0) this.host.schedule(step, this.controls.chunkDelayMs);
    else setImmediate(step);
  }

  private finishResponse(status: 'completed' | 'cancelled'): void {
    const response = this.response!;
    response.done = true;
    const textIn =
      REALTIME_BASE_INPUT_TOKENS +
      promptTokensForCharacters(this.instructions.length + this.inputCharacters);
    const audioIn = Math.ceil(this.inputAudioBytes / AUDIO_BYTES_PER_INPUT_TOKEN);
    const textOut = completionTokens(response.chunksSent);
    const audioOut = response.audio ? response.chunksSent * AUDIO_TOKENS_PER_CHUNK : 0;
    this.inputCharacters = 0;
    this.inputAudioBytes = 0;
    const cached = Math.min(this.controls.cachedTokens, textIn);
    const usage = {
      total_tokens: textIn + audioIn + textOut + audioOut,
      input_tokens: textIn + audioIn,
      output_tokens: textOut + audioOut,
      input_token_details: { text_tokens: textIn, audio_tokens: audioIn, cached_tokens: cached },
      output_token_details: { text_tokens: textOut, audio_tokens: audioOut },
    };
    this.send({
      type: 'response.done',
      response: {
        object: 'realtime.response',
        id: response.id,
        status,
        status_details: null,
        output: [],
        ...(this.controls.omitUsage ? {} : { usage }),
      },
    });
  }
}

/** Characters of the `input_text` parts of a conversation item. */
function itemTextLength(item: unknown): number {
  if (!isRecord(item) || !Array.isArray(item.content)) return 0;
  let length = 0;
  for (const part of item.content) {
    if (isRecord(part) && typeof part.text === 'string') length += part.text.length;
  }
  return length;
}
