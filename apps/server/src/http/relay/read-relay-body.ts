import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RelayError } from '../../errors/relay-error.js';

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

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'br') return createBrotliDecompress();
  if (encoding === 'deflate') return createInflate();
  return undefined;
}

/**
 * Reads a relay request body as bytes (parsed once by the relay, and forwarded as is when
 * unchanged), decompressed first when the client sent `Content-Encoding: gzip`, `deflate` or `br`.
 * The limit applies to the decompressed size, so a small compressed bomb is refused too.
 */
export function readRelayBody(
  request: IncomingMessage,
  limit = RELAY_BODY_LIMIT_BYTES,
): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    request.resume();
    return Promise.reject(tooLarge());
  }
  const encoding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  let source: NodeJS.ReadableStream = request;
  if (encoding && encoding !== 'identity') {
    const decoder = decoderFor(encoding);
    if (!decoder) {
      request.resume();
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
    const finish = (error: RelayError | undefined) => {
      if (done) return;
      done = true;
      source.removeListener('data', onData);
      if (error) {
        // Keep reading the rest of the upload so the answer can still be sent on this connection.
        request.resume();
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        if (source !== request) (source as Transform).destroy();
        finish(tooLarge());
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
