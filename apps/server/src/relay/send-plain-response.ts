import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { ProviderAdaptor, RelayCallInput, UpstreamError } from '../providers/provider-adaptor.js';
import type { CallRecord, CallOutcome } from './record-consume-log.js';
import { RelayError } from './relay-error.js';

/** Largest upstream error body read (the rest is discarded). */
const ERROR_BODY_LIMIT = 64 * 1024;
/** Largest complete (non-streamed) upstream answer accepted. */
const PLAIN_BODY_LIMIT = 64 * 1024 * 1024;

async function readBody(body: Dispatcher.ResponseData['body'], limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      throw RelayError.upstream(502, 'upstream response too large', 'new_api_error', 'response_too_large');
    }
    chunks.push(buffer);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** Reads and classifies an upstream error answer. */
export async function readUpstreamError(
  adaptor: ProviderAdaptor,
  response: Dispatcher.ResponseData,
): Promise<UpstreamError> {
  let body: Buffer;
  try {
    body = await readBody(response.body, ERROR_BODY_LIMIT);
  } catch {
    body = Buffer.alloc(0);
  }
  return adaptor.parseError(response.statusCode, body);
}

/** Sends a complete upstream answer, converted for the client, then settles. */
export async function relayPlainResponse(
  reply: FastifyReply,
  record: CallRecord,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  response: Dispatcher.ResponseData,
  settle: (outcome: CallOutcome) => Promise<void>,
  cors: Record<string, string>,
): Promise<void> {
  let body: Buffer;
  try {
    body = await readBody(response.body, PLAIN_BODY_LIMIT);
  } catch (error) {
    if (error instanceof RelayError) throw error;
    throw RelayError.upstream(502, '读取上游响应失败', 'new_api_error', 'read_response_failed');
  }
  const contentType = String(response.headers['content-type'] ?? 'application/json');
  const converted = adaptor.convertResponse(input, body, contentType);
  record.firstResponseAt = Date.now();
  // The client gets its answer first; settlement and logging follow off its critical path.
  reply.status(200).headers(cors).header('content-type', converted.contentType).send(converted.body);
  await settle({
    usage: converted.usage,
    completionText: converted.completionText,
    channel: record.lastChannel,
    failed: false,
  });
}
