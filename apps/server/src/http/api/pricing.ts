import type { PricingResponse } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createPricingService, pricingGroups } from '../../pricing/pricing-service.js';
import { findUserById } from '../../users/user-repository.js';
import type { PricingList } from '../../pricing/pricing-metadata.js';
import type { AppContext } from '../app-context.js';
import { readSession } from '../auth.js';

/**
 * `GET /api/pricing` (public, reference §12.4): the priced models plus, outside `data`, the
 * viewer's usable groups and their ratios, the catalogue's vendors of the listed models and the
 * path of each endpoint type (`supported_endpoint`). A session cookie, when present, selects the
 * user's groups; no `New-Api-User` header is needed, as in new-api.
 */
/** The answer: the contract's, with the catalogue's fields. */
type PricingAnswer = PricingResponse & {
  data: PricingList['entries'];
  vendors: PricingList['vendors'];
  supported_endpoint: PricingList['supportedEndpoint'];
};

export async function registerPricingRoutes(api: FastifyInstance, context: AppContext) {
  const pricing = createPricingService({
    db: context.database.db,
    options: context.options,
    events: context.events,
  });
  api.addHook('onClose', async () => pricing.close());

  api.get('/pricing', async (request): Promise<PricingAnswer> => {
    const session = readSession(request, context);
    const user = session ? await findUserById(context.database.db, session.id) : undefined;
    const groups = pricingGroups(context.options, user?.group ?? '');
    const list = await pricing.current();
    return {
      success: true,
      message: '',
      data: list.entries,
      vendors: list.vendors,
      supported_endpoint: list.supportedEndpoint,
      ...groups,
    };
  });
}
