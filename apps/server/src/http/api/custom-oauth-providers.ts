import { customOAuthProviderInputSchema, oauthDiscoveryRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createProvider,
  deleteProvider,
  discoverProvider,
  getProvider,
  listProviders,
  updateProvider,
} from '../../users/custom-oauth-provider-service.js';
import type { AppContext } from '../app-context.js';
import { requireRoot } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

type IdParams = { Params: { id: string } };

/**
 * Custom OAuth 2 / OIDC providers, for root (new-api 1.0 `/api/custom-oauth-provider/`). The
 * client secret is write-only: no answer carries it; an update with an empty one keeps it.
 */
export async function registerCustomOAuthProviderRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireRoot(context) };
  const { database } = context;

  api.get('/custom-oauth-provider/', guard, async () => ok(await listProviders(database)));

  api.post('/custom-oauth-provider/discovery', guard, async (request) => {
    const body = parseInput(oauthDiscoveryRequestSchema, request.body);
    return ok(await discoverProvider(context.relay.outbound, body));
  });

  api.get<IdParams>('/custom-oauth-provider/:id', guard, async (request) =>
    ok(await getProvider(database, parseId(request.params.id))),
  );

  api.post('/custom-oauth-provider/', guard, async (request) => {
    const body = parseInput(customOAuthProviderInputSchema, request.body);
    return ok(await createProvider(database, body));
  });

  api.put<IdParams>('/custom-oauth-provider/:id', guard, async (request) => {
    const body = parseInput(customOAuthProviderInputSchema, request.body);
    return ok(await updateProvider(database, parseId(request.params.id), body));
  });

  api.delete<IdParams>('/custom-oauth-provider/:id', guard, async (request) => {
    await deleteProvider(database, parseId(request.params.id));
    return ok();
  });
}
