import type { ChannelTypeKey } from '@tollgate/contracts';
import type { Vendor } from '../vendor.js';
import { DEFAULT_OPENAI_ADAPTOR_SETTINGS } from './openai-adaptor-settings.js';
import { OpenAiAdaptor } from './openai-adaptor.js';
import type { OpenAiCompatibleProfile } from './openai-compatible-profile.js';

/** The descriptor of an OpenAI-compatible vendor: its profile, served by the OpenAI adaptor. */
export function compatibleVendor(
  type: ChannelTypeKey,
  profile: OpenAiCompatibleProfile,
  rest: Omit<Vendor, 'type' | 'createAdaptor' | 'openAiProfile'> = {},
): Vendor {
  return {
    type,
    openAiProfile: profile,
    createAdaptor: (context) =>
      new OpenAiAdaptor(profile, context.settings.openAi ?? DEFAULT_OPENAI_ADAPTOR_SETTINGS),
    ...rest,
  };
}
