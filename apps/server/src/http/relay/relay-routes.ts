import type { FastifyInstance } from 'fastify';
import type { RelayMode } from '../../providers/provider-adaptor.js';
import { corsHeaders, preflightHeaders } from '../../relay/cors.js';
import { relayCall } from '../../relay/relay-call.js';
import { authenticatePlayground } from '../../relay/auth/playground-caller.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { handleListModels, handleRetrieveModel } from './models-routes.js';
import { registerRelayBodyHandling } from './relay-body.js';
import { sendRelayError } from './relay-error-response.js';

const RELAY_ROUTES: ReadonlyArray<[string, RelayMode]> = [
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/engines/:model/embeddings', 'embeddings'],
  ['/v1/moderations', 'moderations'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/audio/transcriptions', 'transcription'],
  ['/v1/audio/translations', 'translation'],
  ['/v1/rerank', 'rerank'],
];

/** Routes the gateway knows but does not implement: 501 in the OpenAI error shape. */
const NOT_IMPLEMENTED: ReadonlyArray<[string, string]> = [
  ['POST', '/v1/edits'],
  ['POST', '/v1/images/edits'],
  ['POST', '/v1/images/variations'],
  ['GET', '/v1/files'],
  ['POST', '/v1/files'],
  ['DELETE', '/v1/files/:id'],
  ['GET', '/v1/files/:id'],
  ['GET', '/v1/files/:id/content'],
  ['POST', '/v1/fine-tunes'],
  ['GET', '/v1/fine-tunes'],
  ['GET', '/v1/fine-tunes/:id'],
  ['POST', '/v1/fine-tunes/:id/cancel'],
  ['GET', '/v1/fine-tunes/:id/events'],
  ['DELETE', '/v1/models/:model'],
];

/** `/v1/*` relay routes (token auth, OpenAI-compatible). */
export async function registerRelayRoutes(app: FastifyInstance, services: RelayServices): Promise<void> {
  registerRelayBodyHandling(app);

  app.options('/v1/*', async (request, reply) => reply.status(204).headers(preflightHeaders(request)).send());

  for (const [path, mode] of RELAY_ROUTES) {
    app.post(path, async (request, reply) => {
      await services.inFlight.run(async () => {
        try {
          await relayCall(services, request, reply, mode);
        } catch (error) {
          sendRelayError(request, reply, error);
        }
      });
      return reply;
    });
  }

  app.post('/pg/chat/completions', async (request, reply) => {
    await services.inFlight.run(async () => {
      try {
        await relayCall(services, request, reply, 'chat', () =>
          authenticatePlayground(request, services.db, services.options, services.config.sessionSecret),
        );
      } catch (error) {
        sendRelayError(request, reply, error);
      }
    });
    return reply;
  });

  app.get('/v1/models', async (request, reply) => handleListModels(services, request, reply));
  app.get('/v1/models/:model', async (request, reply) => handleRetrieveModel(services, request, reply));

  for (const [method, path] of NOT_IMPLEMENTED) {
    app.route({
      method: method as 'GET',
      url: path,
      handler: async (request, reply) =>
        reply
          .status(501)
          .headers(corsHeaders(request))
          .send({ error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } }),
    });
  }
}
