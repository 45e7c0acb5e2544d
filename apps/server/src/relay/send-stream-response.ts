import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from './request-id.js';
import type {
  ProviderAdaptor,
  RelayCallInput,
  StreamConverter,
  StreamEventParser,
} from '../providers/provider-adaptor.js';
import { SseParser } from '../providers/sse-parser.js';
import { streamForClient } from './formats/client-side.js';
import { finalUsage } from './final-usage.js';
import type { RelayCall } from './relay-call-context.js';
import type { RelayServices } from './relay-services.js';
import { RelayError } from '../errors/relay-error.js';
import { clientVisibleHeaders } from './upstream-headers.js';
import type { UpstreamExchange } from '../providers/upstream-exchange.js';

/** How the upstream body ended. */
interface StreamEnd {
  /** Upstream finished normally, the client stayed and no error event came. */
  clean: boolean;
  error?: Error;
}

/**
 * Streams an upstream event stream (server-sent events unless the adaptor gave another `parser`)
 * to the client as it arrives, converting event by event; nothing
 * is buffered beyond one partial line, and upstream is paused while the client's socket is full.
 * However the stream ends — upstream done, upstream reset or idle timeout, client gone — the call
 * is settled on what was actually produced.
 */
export async function relayStreamResponse(
  call: RelayCall,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  upstream: UpstreamExchange,
  parser: StreamEventParser = new SseParser(),
): Promise<void> {
  const { services, exchange } = call;
  const client = exchange.response;
  client.writeHead(200, {
    ...clientVisibleHeaders(upstream.headers),
    ...exchange.cors,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [REQUEST_ID_HEADER]: exchange.id,
  });
  client.flushHeaders();

  call.capture?.startStream('text/event-stream');
  const converter = streamForClient(call.format, adaptor, input);
  const ping = startPing(services, client);
  services.metrics.streamStarted();
  let end: StreamEnd;
  const held: HeldFrames = { text: '' };
  try {
    end = await pump(call, upstream, parser, converter, ping, held);
  } finally {
    ping.stop();
    services.metrics.streamEnded();
  }
  if (end.error && !call.clientGone) {
    exchange.log.warn(
      { err: end.error, requestId: exchange.id, channelId: input.channel.id },
      'stream ended abnormally',
    );
  }

  if (converter.upstreamError) {
    const { status, message, type, code, param } = converter.upstreamError;
    const error = RelayError.upstream(status, message, type, code, param);
    services.health.reportFailure(call.lastChannel!, error, adaptor.classifyError(error));
  }
  const clean = end.clean;
  // Rebuilding the generated text costs a parse of every chunk: only when usage must be counted.
  const needsLocalCount = converter.usage === undefined || !clean;
  const usage = finalUsage(
    call,
    converter.usage,
    needsLocalCount ? converter.completionText() : '',
    needsLocalCount ? converter.toolCallCount : 0,
    !clean,
  );
  const tail = converter.finish({ clean, usage });
  // The closing frames ([DONE], message_stop, response.completed…) and the end of the body follow
  // once the charge and its log row are written: a client never holds a complete stream that a
  // crash would leave uncharged.
  await call.settle({
    usage,
    channel: call.lastChannel,
    failed: false,
    clientAborted: call.clientGone,
    streamBroken: !clean,
  });
  if (call.capture !== undefined) {
    call.capture.add(held.text + tail);
    call.capture.finishStream(clean && !call.clientGone && !client.destroyed);
  }
  if (!client.destroyed) client.end(held.text + tail);
  exchange.finishedAt = Date.now();
}

/** The frames from the closing event on, written with the end of the stream. */
interface HeldFrames {
  text: string;
}

/** Moves events from upstream to the client until upstream ends, fails or the client leaves. */
function pump(
  call: RelayCall,
  upstream: UpstreamExchange,
  parser: StreamEventParser,
  converter: StreamConverter,
  ping: Ping,
  held: HeldFrames,
): Promise<StreamEnd> {
  const { exchange } = call;
  const client = exchange.response;
  return new Promise((resolve) => {
    let finished = false;
    let waitingForDrain = false;
    const finish = (end: StreamEnd) => {
      if (finished) return;
      finished = true;
      client.off('drain', onDrain);
      resolve(end);
    };
    const onDrain = () => {
      waitingForDrain = false;
      upstream.resume();
    };
    client.on('drain', onDrain);
    const stopped = () =>
      call.clientGone || client.destroyed || converter.upstreamError !== undefined;

    upstream.stream({
      onChunk(chunk) {
        if (finished) return true;
        let output = '';
        try {
          for (const event of parser.push(chunk)) {
            call.firstResponseAt ??= Date.now();
            const frame = converter.onEvent(event);
            if (converter.closingEventSeen) held.text += frame;
            else output += frame;
          }
        } catch (error) {
          upstream.abort(error as Error);
          finish({ clean: false, error: error as Error });
          return true;
        }
        if (output && !client.destroyed) {
          call.capture?.add(output);
          exchange.firstByteAt ??= Date.now();
          ping.touch();
          if (!client.write(output)) waitingForDrain = true;
        }
        // An error event from upstream ends the answer; what came before it is still billed.
        if (stopped()) {
          upstream.abort(new Error('stream stopped'));
          finish({ clean: false });
          return true;
        }
        return !waitingForDrain;
      },
      onEnd() {
        if (finished) return;
        let rest = '';
        try {
          for (const event of parser.flush()) {
            const frame = converter.onEvent(event);
            if (converter.closingEventSeen) held.text += frame;
            else rest += frame;
          }
        } catch (error) {
          finish({ clean: false, error: error as Error });
          return;
        }
        if (rest && !client.destroyed) {
          call.capture?.add(rest);
          client.write(rest);
        }
        finish({ clean: !stopped() });
      },
      onError(error) {
        finish({ clean: false, error });
      },
    });
  });
}

interface Ping {
  touch(): void;
  stop(): void;
}

/** SSE comment pings while upstream is silent, when `general_setting.ping_interval_enabled`. */
function startPing(services: RelayServices, client: ServerResponse): Ping {
  const enabled = services.options.getBoolean('general_setting.ping_interval_enabled');
  const seconds = services.options.getNumber('general_setting.ping_interval_seconds');
  if (!enabled || !(seconds > 0)) return { touch() {}, stop() {} };
  let last = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - last >= seconds * 1000 && !client.destroyed) {
      client.write(': PING\n\n');
      last = Date.now();
    }
  }, 1000);
  timer.unref();
  return {
    touch() {
      last = Date.now();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
