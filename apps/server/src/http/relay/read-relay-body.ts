import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RelayError } from '../../errors/relay-error.js';
import type { BodyBudget } from '../../relay/body-budget.js';

/** Relay bodies can carry images and audio; console API bodies stay small. */
export const RELAY_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

function tooLarge(): RelayError {
  return new RelayError(
    413,
    'Request body is too large',
    'invalid_request_error',
    'request_body_too_large',
  );
}

function busy(): RelayError {
  return new RelayError(
    503,
    'The server is handling too many large requests; retry shortly',
    'new_api_error',
    'server_busy',
  );
}

function stalled(idleMs: number): RelayError {
  return new RelayError(
    408,
    `The request body stalled: no data arrived for ${Math.round(idleMs / 1000)} s`,
    'invalid_request_error',
    'request_timeout',
  );
}

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'br') return createBrotliDecompress();
  if (encoding === 'deflate') return createInflate();
  return undefined;
}

/** A body being read: the bytes, once read, and what it took from the budget. */
export interface BodyReading {
  body: Promise<Buffer>;
  /** Gives back what the body took from the budget (call once the call no longer holds it). */
  release(): void;
}

/** How a body is read. */
export interface BodyReadOptions {
  /** A body that goes this long without a byte is refused with a 408 (SERVER_BODY_IDLE_TIMEOUT). */
  idleTimeoutMs: number;
  /** Largest decompressed size. */
  limit?: number;
}

/**
 * Reads a relay request body as bytes (parsed once by the relay, and forwarded as is when
 * unchanged), decompressed first when the client sent `Content-Encoding: gzip`, `deflate` or `br`.
 * The limit applies to the decompressed size, so a small compressed bomb is refused too. The bytes
 * count against `budget` until released; a body that would overrun it is refused without being
 * read. A body that stalls (no byte for `idleTimeoutMs`) is refused with a 408 at once, rather
 * than holding its budget and connection until the whole request times out; a slow body that
 * keeps moving is read to its end.
 */
export function readRelayBody(
  request: IncomingMessage,
  budget: BodyBudget,
  { idleTimeoutMs, limit = RELAY_BODY_LIMIT_BYTES }: BodyReadOptions,
): BodyReading {
  let taken = 0;
  const release = () => {
    budget.give(taken);
    taken = 0;
  };
  const take = (bytes: number) => {
    if (!budget.take(bytes)) return false;
    taken += bytes;
    return true;
  };
  return { body: readBody(request, limit, idleTimeoutMs, take), release };
}

function readBody(
  request: IncomingMessage,
  limit: number,
  idleMs: number,
  take: (bytes: number) => boolean,
): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(tooLarge());
  // A declared size is taken up front; otherwise the bytes are taken as they arrive.
  const upFront = declared > 0 && !request.headers['content-encoding'] ? declared : 0;
  if (!take(upFront)) return Promise.reject(busy());
  const encoding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  let source: NodeJS.ReadableStream = request;
  if (encoding && encoding !== 'identity') {
    const decoder = decoderFor(encoding);
    if (!decoder) {
      return Promise.reject(
        RelayError.badRequest(`unsupported Content-Encoding: ${encoding}`, 'invalid_request'),
      );
    }
    request.on('error', (error) => decoder.destroy(error));
    source = request.pipe(decoder);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // Most bodies have arrived whole by now: only one still arriving is watched for a stall.
    const idle = request.complete
      ? undefined
      : setTimeout(() => {
          if (source !== request) (source as Transform).destroy();
          finish(stalled(idleMs));
        }, idleMs);
    // Compressed bytes may decode to nothing for a while: the client's own bytes show progress.
    const onProgress = () => idle?.refresh();
    if (idle && source !== request) request.on('data', onProgress);
    const finish = (error: RelayError | undefined) => {
      if (done) return;
      done = true;
      if (idle) {
        clearTimeout(idle);
        request.removeListener('data', onProgress);
      }
      source.removeListener('data', onData);
      if (error) {
        // The answer closes the connection (the rest of the upload is not read).
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer) => {
      idle?.refresh();
      size += chunk.length;
      if (size > limit || (size > upFront && !take(chunk.length))) {
        if (source !== request) (source as Transform).destroy();
        finish(size > limit ? tooLarge() : busy());
        return;
      }
      chunks.push(chunk);
    };
    source.on('data', onData);
    source.once('end', () => finish(undefined));
    source.once('error', (error: Error) =>
      finish(
        encoding && source !== request
          ? RelayError.badRequest(
              `Invalid request, cannot decode the ${encoding} body: ${error.message}`,
              'invalid_request',
            )
          : RelayError.badRequest(
              `Invalid request, the body could not be read: ${error.message}`,
              'invalid_request',
            ),
      ),
    );
  });
}
