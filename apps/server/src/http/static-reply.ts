import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from './accept-encoding.js';
import type { StaticFile } from './static-files.js';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // If-None-Match compares weakly (RFC 9110 §13.1.2): a W/ prefix does not matter.
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers with one file of the console: the precompressed variant the client accepts (brotli,
 * then gzip, by `Accept-Encoding` and its q-values) or the file as is, with `Vary:
 * Accept-Encoding` whenever variants exist so that caches keep them apart. A matching
 * `If-None-Match` gets a 304; HEAD gets the headers of the GET.
 */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl = file.cacheControl,
): Promise<FastifyReply> {
  const encoding = chooseEncoding(request.headers['accept-encoding'], file.encodings);
  const load = (encoding === 'identity' ? undefined : file.encoded[encoding]) ?? file.identity;
  const variant = await load();
  reply.header('Cache-Control', cacheControl).header('ETag', variant.etag);
  if (file.encodings.length > 0) reply.header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) {
    return reply.status(304).send();
  }
  if (load !== file.identity) reply.header('Content-Encoding', encoding);
  return reply
    .status(200)
    .header('Content-Type', file.contentType)
    .header('Content-Length', variant.body.length)
    .send(variant.body);
}
