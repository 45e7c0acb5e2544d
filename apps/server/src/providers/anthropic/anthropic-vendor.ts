import type { Vendor } from '../vendor.js';
import { AnthropicAdaptor } from './anthropic-adaptor.js';

export const anthropicVendor: Vendor = {
  type: 'anthropic',
  estimatesImageTokens: true,
  createAdaptor: ({ settings }) => new AnthropicAdaptor(settings.anthropic),
  defaultModels: [
    'claude-3-5-haiku-20241022',
    'claude-opus-4-1-20250805',
    'claude-opus-4-20250514',
    'claude-sonnet-4-5-20250929',
    'claude-sonnet-4-20250514',
    'claude-3-7-sonnet-20250219',
    'claude-haiku-4-5-20251001',
  ],
  modelList: { headers: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }) },
};
