import { CHANNEL_TYPE } from '@tollgate/contracts';
import { VENDORS } from '../providers/vendors.js';

/**
 * Each relaying channel type's built-in model list (`GET /api/models`), used by the console to
 * pre-fill a new channel's models and by the channel test when a channel names no model: the
 * `defaultModels` of the type's vendor (`providers/vendors.ts`). Types that do not relay have
 * none (Midjourney, Suno, AIProxy Library), except video platforms (Kling, Jimeng, Vidu), which
 * list their video models (they cannot be tested).
 */
export const DEFAULT_MODELS_BY_CHANNEL_TYPE: Readonly<Record<number, readonly string[]>> =
  Object.freeze(
    Object.fromEntries(
      VENDORS.flatMap((vendor) =>
        vendor.defaultModels ? [[CHANNEL_TYPE[vendor.type], vendor.defaultModels] as const] : [],
      ),
    ),
  );
