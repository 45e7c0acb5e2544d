import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';

/** The console's message for a request whose body stalled. */
export const BODY_STALLED_MESSAGE = '请求体接收超时，请重试';

/** An error Fastify's body reader answers with its status (408). */
class BodyStalledError extends Error {
  readonly statusCode = 408;
  readonly code = 'FST_ERR_BODY_STALLED';

  constructor() {
    super(BODY_STALLED_MESSAGE);
    this.name = 'BodyStalledError';
  }
}

/**
 * A `preParsing` hook for the console API: a request whose body goes `idleMs` without a byte is
 * answered 408 and its connection closed, instead of holding it until the whole request times
 * out (SERVER_REQUEST_TIMEOUT); a slow body that keeps moving is read to its end. A body that has
 * already arrived whole (nearly every console request) passes untouched.
 */
export function bodyIdleTimeoutHook(idleMs: number) {
  return async function watchBodyIdle(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
  ): Promise<RequestPayload> {
    if (request.raw.complete) return payload;
    const timer = setTimeout(() => {
      // The rest of the body will not be read: the connection cannot carry another request.
      reply.header('connection', 'close');
      watched.destroy(new BodyStalledError());
    }, idleMs);
    const watched = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        timer.refresh();
        callback(null, chunk);
      },
    });
    // The watch ends with the body or with the answer: a route that never reads its body (a GET
    // sent with one) must not leave a timer that fires after the request is over.
    const stop = () => clearTimeout(timer);
    watched.once('close', stop);
    reply.raw.once('finish', stop);
    reply.raw.once('close', stop);
    // Fastify's body reader hears the 408 through its own listener; with no reader, the error
    // has nowhere to go and must not become an uncaught exception.
    watched.on('error', () => {});
    payload.once('error', (error) => watched.destroy(error));
    payload.pipe(watched);
    return watched;
  };
}
