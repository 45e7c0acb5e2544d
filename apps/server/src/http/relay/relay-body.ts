import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { RelayError } from '../../relay/relay-error.js';

/** Relay bodies can carry images and audio; console API bodies stay small. */
export const RELAY_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Relay routes receive the body as raw bytes (parsed once by the relay, and forwarded as is when
 * unchanged), decompressed first when the client sent `Content-Encoding: gzip`, `deflate` or `br`.
 */
export function registerRelayBodyHandling(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RELAY_BODY_LIMIT_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
    if (!encoding || encoding === 'identity') return payload;
    const decoder =
      encoding === 'gzip'
        ? createGunzip()
        : encoding === 'br'
          ? createBrotliDecompress()
          : encoding === 'deflate'
            ? createInflate()
            : undefined;
    if (!decoder) throw RelayError.badRequest(`unsupported Content-Encoding: ${encoding}`, 'invalid_request');
    delete request.headers['content-encoding'];
    delete request.headers['content-length'];
    decoder.on('error', () => {});
    payload.on('error', (error) => decoder.destroy(error));
    return payload.pipe(decoder);
  });
}
