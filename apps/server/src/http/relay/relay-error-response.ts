import type { FastifyReply, FastifyRequest } from 'fastify';
import { corsHeaders } from '../../relay/cors.js';
import { RelayError } from '../../relay/relay-error.js';

/** Renders a relay failure in the OpenAI error shape, unless the stream already started. */
export function sendRelayError(request: FastifyRequest, reply: FastifyReply, error: unknown): void {
  if (reply.sent || reply.raw.headersSent) {
    if (!reply.raw.writableEnded) reply.raw.end();
    return;
  }
  const relayError =
    error instanceof RelayError
      ? error
      : new RelayError(500, 'internal error', 'new_api_error', 'internal_error', true);
  if (!(error instanceof RelayError)) request.log.error({ err: error }, 'relay failed');
  reply.status(relayError.status).headers(corsHeaders(request)).send(relayError.toBody(request.id));
}
