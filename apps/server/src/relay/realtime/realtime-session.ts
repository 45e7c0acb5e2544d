import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayServices } from '../relay-services.js';
import type { RealtimeBilling, ResponseTimes } from './realtime-billing.js';
import { connectUpstream, type RealtimeClientFacts } from './realtime-connect.js';
import { closeSocket, FramePump, frameBytes } from './realtime-pump.js';
import { AUDIO_KEY, base64FieldBytes, DELTA_KEY, peekType, readEvent } from './realtime-events.js';
import { LocalUsageCounter, reportedUsage } from './realtime-usage.js';

/** Upstream events billing reads whole (all small but session events, which are rare). */
const READ_FROM_UPSTREAM = new Set([
  'session.created',
  'session.updated',
  'response.created',
  'response.done',
  'response.text.delta',
  'response.audio_transcript.delta',
  'response.function_call_arguments.delta',
]);
/** Client events whose text is counted. */
const READ_FROM_CLIENT = new Set(['session.update', 'conversation.item.create']);
const RESPONSE_DONE = Buffer.from('"response.done"');

/** Closes a session whose balances cannot cover further usage (policy violation). */
const QUOTA_CLOSE_CODE = 1008;
/** Closes a session that could not be connected upstream. */
const UPSTREAM_FAILED_CLOSE_CODE = 1011;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The OpenAI-shaped error event realtime clients understand (reference §3.12). */
export function errorEvent(error: RelayError, requestId: string): string {
  return JSON.stringify({
    type: 'error',
    event_id: `evt_${requestId}`,
    ...error.toBody(requestId),
  });
}

/** What a session needs beyond its two sockets. */
export interface RealtimeSessionInput {
  services: RelayServices;
  client: WebSocket;
  billing: RealtimeBilling;
  facts: Omit<RealtimeClientFacts, 'gone'>;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * One realtime session after the client's upgrade: connects upstream (the client is not read
 * meanwhile), then relays frames both ways as they come while reading usage from them — each
 * `response.done` is charged when it arrives, and a session whose balances cannot cover more is
 * told so with an error event and closed. Resolves once both sides are closed and the session is
 * settled, however it ended. Resolves with whether upstream was reached, and the status to record.
 */
export async function runRealtimeSession(input: RealtimeSessionInput): Promise<number> {
  const { services, client, billing, facts, requestId, log } = input;
  const counter = new LocalUsageCounter(facts.model);
  const sessionStart = Date.now();
  let clientClosed = false;
  const clientDone = new Promise<void>((resolve) =>
    client.once('close', () => {
      clientClosed = true;
      resolve();
    }),
  );
  client.on('error', (error) => log.debug({ err: error, requestId }, 'realtime client error'));
  client.pause();

  let upstream: WebSocket;
  try {
    upstream = await connectUpstream(services, { ...facts, gone: () => clientClosed }, billing);
  } catch (error) {
    const relayError =
      error instanceof RelayError
        ? error
        : new RelayError(500, 'internal error', 'new_api_error', 'internal_error');
    if (!(error instanceof RelayError)) log.error({ err: error, requestId }, 'realtime failed');
    if (client.readyState === client.OPEN) client.send(errorEvent(relayError, requestId));
    closeSocket(client, UPSTREAM_FAILED_CLOSE_CODE, 'upstream connection failed');
    await clientDone;
    await billing.close(undefined, { startedAt: sessionStart, firstResponseAt: undefined });
    return relayError.status;
  }
  upstream.on('error', (error) => log.debug({ err: error, requestId }, 'realtime upstream error'));
  const upstreamDone = new Promise<void>((resolve) => upstream.once('close', () => resolve()));

  let response: ResponseTimes | undefined;
  let lastResponseEnd = sessionStart;
  const toClient = new FramePump(upstream, client);
  const toUpstream = new FramePump(client, upstream);

  const outOfQuota = (refusal: unknown) => {
    const error =
      refusal instanceof RelayError
        ? refusal
        : new RelayError(
            403,
            'user quota is not enough',
            'new_api_error',
            'insufficient_user_quota',
          );
    closeSocket(upstream, 1000, 'quota exhausted');
    // After the frames held for a charge (the response.done that used the quota up).
    void toClient.whenReleased().then(() => {
      if (client.readyState === client.OPEN) client.send(errorEvent(error, requestId));
      closeSocket(client, QUOTA_CLOSE_CODE, 'insufficient quota');
    });
  };

  upstream.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = frameBytes(data);
    if (isBinary) {
      toClient.forward(bytes, isBinary);
      return;
    }
    const now = Date.now();
    const type = peekType(bytes);
    // A response.done reaches the client once its charge is written (below); the rest at once.
    let forwarded = type === undefined ? !bytes.includes(RESPONSE_DONE) : type !== 'response.done';
    if (forwarded) toClient.forward(bytes, false);
    if (type === 'response.audio.delta') {
      const audioBytes = base64FieldBytes(bytes, DELTA_KEY);
      if (audioBytes !== undefined) {
        response ??= { startedAt: lastResponseEnd, firstResponseAt: undefined };
        response.firstResponseAt ??= now;
        counter.addOutputAudioBytes(audioBytes);
        return;
      }
    } else if (
      type !== undefined &&
      !READ_FROM_UPSTREAM.has(type) &&
      !bytes.includes(RESPONSE_DONE)
    ) {
      return;
    }
    const event = readEvent(bytes);
    if (!event) {
      if (!forwarded) toClient.forward(bytes, false);
      return;
    }
    switch (event.type) {
      case 'session.created':
      case 'session.updated':
        counter.setFormats(event.session);
        break;
      case 'response.created':
        response = { startedAt: now, firstResponseAt: undefined };
        break;
      case 'response.text.delta':
      case 'response.audio_transcript.delta':
      case 'response.function_call_arguments.delta':
        response ??= { startedAt: lastResponseEnd, firstResponseAt: undefined };
        response.firstResponseAt ??= now;
        counter.addOutputText(text(event.delta));
        break;
      case 'response.audio.delta':
        response ??= { startedAt: lastResponseEnd, firstResponseAt: undefined };
        response.firstResponseAt ??= now;
        counter.addOutputAudio(text(event.delta));
        break;
      case 'response.done': {
        const usage = reportedUsage(event.response) ?? counter.usage();
        const times = response ?? { startedAt: lastResponseEnd, firstResponseAt: undefined };
        counter.reset();
        response = undefined;
        lastResponseEnd = now;
        const charge = billing.charge(usage, times);
        // The client never holds a finished response that a crash would leave uncharged.
        toClient.holdUntil(charge.written);
        if (!forwarded) toClient.forward(bytes, false);
        forwarded = true;
        void charge.refusal.then((refusal) => {
          if (refusal !== undefined) outOfQuota(refusal);
        });
        break;
      }
      default:
        break;
    }
    if (!forwarded) toClient.forward(bytes, false);
  });

  client.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = frameBytes(data);
    // Whatever the client sends goes upstream as sent (an unreadable event gets upstream's own
    // error event); only readable events are counted.
    toUpstream.forward(bytes, isBinary);
    if (isBinary) return;
    const type = peekType(bytes);
    if (type === 'input_audio_buffer.append') {
      const audioBytes = base64FieldBytes(bytes, AUDIO_KEY);
      if (audioBytes !== undefined) {
        counter.addInputAudioBytes(audioBytes);
        return;
      }
    } else if (type !== undefined && !READ_FROM_CLIENT.has(type)) {
      return;
    }
    const event = readEvent(bytes);
    if (!event) return;
    switch (event.type) {
      case 'session.update': {
        const session = event.session;
        counter.setFormats(session);
        if (typeof session === 'object' && session !== null && 'instructions' in session) {
          counter.addInputText(text(session.instructions));
        }
        break;
      }
      case 'input_audio_buffer.append':
        counter.addInputAudio(text(event.audio));
        break;
      case 'conversation.item.create': {
        const item = event.item;
        if (typeof item !== 'object' || item === null || !('content' in item)) break;
        if (!Array.isArray(item.content)) break;
        for (const part of item.content as unknown[]) {
          if (typeof part === 'object' && part !== null && 'text' in part) {
            counter.addInputText(text(part.text));
          }
        }
        break;
      }
      default:
        break;
    }
  });

  // Frames held for a charge are sent before the client is closed.
  upstream.on('close', (code, reason) => {
    void toClient.whenReleased().then(() => closeSocket(client, code, reason.toString()));
  });
  client.on('close', (code, reason) => closeSocket(upstream, code, reason.toString()));
  // The client may have left while upstream was being connected.
  if (clientClosed) closeSocket(upstream, 1000);
  else client.resume();
  upstream.resume();

  await Promise.all([clientDone, upstreamDone]);
  // A response cut off before its response.done (the client left, upstream dropped, the quota ran
  // out) is charged as counted: upstream produced it.
  await billing.close(response ? counter.usage() : undefined, {
    startedAt: response?.startedAt ?? lastResponseEnd,
    firstResponseAt: response?.firstResponseAt,
  });
  return 101;
}
