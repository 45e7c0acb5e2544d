import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerChannelRoutes } from './channels.js';
import { registerChannelTestRoutes } from './channel-tests.js';
import { registerGroupRoutes } from './groups.js';
import { registerDataRoutes } from './data.js';
import { registerEmailAccountRoutes } from './email-accounts.js';
import { registerLogRoutes } from './logs.js';
import { registerOAuthRoutes } from './oauth.js';
import { registerTokenRoutes } from './tokens.js';
import { registerOptionRoutes } from './options.js';
import { registerPricingRoutes } from './pricing.js';
import { registerRedemptionRoutes } from './redemptions.js';
import { registerSessionRoutes } from './session.js';
import { registerSetupRoutes } from './setup.js';
import { registerSiteRoutes } from './site.js';
import { registerTaskRoutes } from './tasks.js';
import { registerTopUpRoutes } from './topup.js';
import { registerUptimeRoutes } from './uptime.js';
import { registerTwoFactorRoutes } from './two-factor.js';
import { registerUserAdminRoutes } from './users-admin.js';
import { registerUserSelfRoutes } from './users-self.js';
import { registerUserSettingRoutes } from './users-settings.js';

/** Every console route under `/api`, one plugin per resource. */
export async function registerApiRoutes(api: FastifyInstance, context: AppContext) {
  await registerSetupRoutes(api, context);
  await registerSiteRoutes(api, context);
  await registerSessionRoutes(api, context);
  await registerTwoFactorRoutes(api, context);
  await registerOAuthRoutes(api, context);
  await registerEmailAccountRoutes(api, context);
  await registerUserSelfRoutes(api, context);
  await registerUserSettingRoutes(api, context);
  await registerUserAdminRoutes(api, context);
  await registerOptionRoutes(api, context);
  await registerGroupRoutes(api, context);
  await registerChannelRoutes(api, context);
  await registerChannelTestRoutes(api, context);
  await registerTokenRoutes(api, context);
  await registerLogRoutes(api, context);
  await registerDataRoutes(api, context);
  await registerPricingRoutes(api, context);
  await registerRedemptionRoutes(api, context);
  await registerTopUpRoutes(api, context);
  await registerTaskRoutes(api, context);
  await registerUptimeRoutes(api, context);
}
