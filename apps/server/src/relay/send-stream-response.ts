import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { ProviderAdaptor, RelayCallInput } from '../providers/provider-adaptor.js';
import { SseParser } from '../providers/sse-parser.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { finalUsage, type CallOutcome, type CallRecord } from './record-consume-log.js';
import type { RelayServices } from './relay-services.js';
import { RelayError } from './relay-error.js';

function waitForDrain(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.once('drain', done);
    raw.once('close', done);
  });
}

/**
 * Streams an upstream event stream to the client as it arrives, converting event by event; nothing
 * is buffered beyond one partial line. However the stream ends — upstream done, upstream reset or
 * idle timeout, client gone — the call is settled on what was actually produced.
 */
export async function relayStreamResponse(
  services: RelayServices,
  reply: FastifyReply,
  record: CallRecord,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  response: Dispatcher.ResponseData,
  signal: AbortSignal,
  settle: (outcome: CallOutcome) => Promise<void>,
  cors: Record<string, string>,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...cors,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [REQUEST_ID_HEADER]: reply.request.id,
  });
  raw.flushHeaders();

  const converter = adaptor.createStreamConverter(input);
  const parser = new SseParser();
  const ping = startPing(services, raw);
  let clean = false;
  try {
    for await (const chunk of response.body) {
      let output = '';
      for (const event of parser.push(chunk as Buffer)) {
        record.firstResponseAt ??= Date.now();
        output += converter.onEvent(event);
      }
      if (output && !raw.destroyed) {
        ping.touch();
        if (!raw.write(output)) await waitForDrain(raw);
      }
      // An error event from upstream ends the answer; what came before it is still billed.
      if (signal.aborted || raw.destroyed || converter.upstreamError) break;
    }
    let rest = '';
    for (const event of parser.flush()) rest += converter.onEvent(event);
    if (rest && !raw.destroyed) raw.write(rest);
    clean = !signal.aborted && !raw.destroyed && !converter.upstreamError;
  } catch (error) {
    reply.request.log.warn({ err: error, channelId: input.channel.id }, 'stream ended abnormally');
  } finally {
    ping.stop();
    if (!clean) response.body.destroy();
  }

  if (converter.upstreamError) {
    const { status, message, type, code, param } = converter.upstreamError;
    services.health.reportFailure(record.lastChannel!, RelayError.upstream(status, message, type, code, param));
  }
  // Rebuilding the generated text costs a parse of every chunk: only when usage must be counted.
  const needsLocalCount = converter.usage === undefined || !clean;
  const usage = finalUsage(
    record,
    converter.usage,
    needsLocalCount ? converter.completionText() : '',
    needsLocalCount ? converter.toolCallCount : 0,
    !clean,
  );
  const tail = converter.finish({ clean, usage });
  if (!raw.destroyed) raw.end(tail);
  await settle({
    usage,
    channel: record.lastChannel,
    failed: false,
    clientAborted: signal.aborted,
    streamBroken: !clean,
  });
}

/** SSE comment pings while upstream is silent, when `general_setting.ping_interval_enabled`. */
function startPing(services: RelayServices, raw: ServerResponse) {
  const enabled = services.options.getBoolean('general_setting.ping_interval_enabled');
  const seconds = services.options.getNumber('general_setting.ping_interval_seconds');
  if (!enabled || !(seconds > 0)) return { touch() {}, stop() {} };
  let last = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - last >= seconds * 1000 && !raw.destroyed) {
      raw.write(': PING\n\n');
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
