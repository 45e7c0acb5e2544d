import type {
  ProviderAdaptor,
  RelayCallInput,
  UpstreamError,
} from '../providers/provider-adaptor.js';
import { answerForClient } from './formats/client-side.js';
import type { RelayCall } from './relay-call-context.js';
import { RelayError } from '../errors/relay-error.js';
import { followUpFetch } from './follow-up-fetch.js';
import { clientVisibleHeaders } from './upstream-headers.js';
import { UpstreamBodyTooLarge, type UpstreamExchange } from '../providers/upstream-exchange.js';

/** Largest upstream error body read (the rest is discarded). */
const ERROR_BODY_LIMIT = 64 * 1024;
/** Largest complete (non-streamed) upstream answer accepted. */
const PLAIN_BODY_LIMIT = 64 * 1024 * 1024;

/** Reads and classifies an upstream error answer. */
export async function readUpstreamError(
  adaptor: ProviderAdaptor,
  response: UpstreamExchange,
): Promise<UpstreamError> {
  let body: Buffer;
  try {
    body = await response.readAll(ERROR_BODY_LIMIT);
  } catch {
    body = Buffer.alloc(0);
  }
  return adaptor.parseError(response.statusCode, body);
}

/** Sends a complete upstream answer, converted for the client, then settles. */
export async function relayPlainResponse(
  call: RelayCall,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  response: UpstreamExchange,
): Promise<void> {
  let body: Buffer;
  try {
    body = await response.readAll(PLAIN_BODY_LIMIT);
  } catch (error) {
    if (error instanceof UpstreamBodyTooLarge) {
      throw RelayError.upstream(
        502,
        'upstream response too large',
        'new_api_error',
        'response_too_large',
      );
    }
    throw RelayError.upstream(502, '读取上游响应失败', 'new_api_error', 'read_response_failed');
  }
  if (adaptor.finishAnswer) {
    body = await adaptor.finishAnswer(input, body, followUpFetch(call, PLAIN_BODY_LIMIT));
  }
  const contentType = String(response.headers['content-type'] ?? 'application/json');
  const converted = answerForClient(call.format, adaptor, input, body, contentType);
  call.firstResponseAt = Date.now();
  call.capture?.whole(converted.contentType, converted.body);
  // All but the last byte of the answer goes out at once; the last follows once the charge and
  // its log row are written, so an answer a client holds whole is always on disk.
  const complete = call.exchange.sendAllButLastByte(
    200,
    converted.contentType,
    converted.body,
    clientVisibleHeaders(response.headers),
  );
  await call.settle({
    usage: converted.usage,
    completionText: converted.completionText,
    channel: call.lastChannel,
    failed: false,
  });
  complete();
}
