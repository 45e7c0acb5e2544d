import type { Vendor } from '../vendor.js';
import { fetchAccessToken, VertexTokenCache } from './vertex-access-token.js';
import { VertexAdaptor } from './vertex-adaptor.js';
import { VERTEX_CHANNEL_FIELDS } from './vertex-channel-fields.js';

export const vertexVendor: Vendor = {
  type: 'vertexAi',
  estimatesImageTokens: true,
  createAdaptor: ({ settings, outbound }) =>
    new VertexAdaptor(
      settings.gemini,
      settings.anthropic,
      new VertexTokenCache(
        (account) => fetchAccessToken(account, outbound),
        settings.accessTokens?.('vertex'),
      ),
    ),
  defaultModels: [
    'gemini-2.5-flash-lite',
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.0-flash',
    'claude-opus-4-1-20250805',
    'claude-sonnet-4-20250514',
    'claude-3-7-sonnet-20250219',
    'claude-3-5-haiku-20241022',
  ],
  channelFields: VERTEX_CHANNEL_FIELDS,
};
