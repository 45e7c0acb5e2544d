import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type ChosenEncoding } from './accept-encoding.js';
import type { LoadedVariant, StaticFile } from './static-files.js';
import { sendUnknownUrl } from './unknown-url-reply.js';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // If-None-Match compares weakly (RFC 9110 §13.1.2): a W/ prefix does not matter.
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A read failure meaning the file is no longer on disk (removed, or its folder replaced). */
function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The bytes to send for the chosen coding. The files were listed at start-up, so one may have
 * disappeared since (a deployment replacing the build under a running server): a precompressed
 * copy that cannot be read gives way to the file itself (it is only a saving), and a file itself
 * gone is undefined (the caller answers 404). Other failures to read the file itself propagate.
 */
async function loadVariant(
  file: StaticFile,
  encoding: ChosenEncoding,
): Promise<{ variant: LoadedVariant; encoding: ChosenEncoding } | undefined> {
  const encoded = encoding === 'identity' ? undefined : file.encoded[encoding];
  if (encoded) {
    try {
      return { variant: await encoded(), encoding };
    } catch {
      // Fall through to the original.
    }
  }
  try {
    return { variant: await file.identity(), encoding: 'identity' };
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/**
 * Answers with one file of the console: the precompressed variant the client accepts (brotli,
 * then gzip, by `Accept-Encoding` and its q-values) or the file as is, with `Vary:
 * Accept-Encoding` whenever variants exist so that caches keep them apart. A matching
 * `If-None-Match` gets a 304; HEAD gets the headers of the GET. A file gone from disk since
 * start-up is answered 404 (see loadVariant).
 */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl = file.cacheControl,
): Promise<FastifyReply> {
  const loaded = await loadVariant(
    file,
    chooseEncoding(request.headers['accept-encoding'], file.encodings),
  );
  if (!loaded) return sendUnknownUrl(request, reply);
  const { variant, encoding } = loaded;
  reply.header('Cache-Control', cacheControl).header('ETag', variant.etag);
  if (file.encodings.length > 0) reply.header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) {
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply
    .status(200)
    .header('Content-Type', file.contentType)
    .header('Content-Length', variant.body.length)
    .send(variant.body);
}
