import type { FastifyReply, FastifyRequest } from 'fastify';
import { openAiError } from './envelope.js';

/**
 * The answer to a URL nothing serves: 404 with an OpenAI-style error naming the method and the
 * path (without its query), the shape API clients already read for every other error.
 */
export function sendUnknownUrl(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(
      openAiError(
        `Invalid URL (${request.method} ${request.url.split('?')[0]})`,
        'invalid_request_error',
      ),
    );
}
