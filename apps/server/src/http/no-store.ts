import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onRequest hook marking the answer uncacheable (new-api's `DisableCache`): for answers that
 * carry a secret, so no browser or proxy cache keeps it.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, no-cache, must-revalidate, private');
  reply.header('pragma', 'no-cache');
  reply.header('expires', '0');
}
