import type { Vendor } from '../vendor.js';
import { BedrockAdaptor } from './bedrock-adaptor.js';

export const bedrockVendor: Vendor = {
  type: 'aws',
  createAdaptor: ({ settings }) => new BedrockAdaptor(settings.anthropic),
  defaultModels: [
    'claude-3-5-haiku-20241022',
    'claude-opus-4-1-20250805',
    'claude-opus-4-20250514',
    'claude-sonnet-4-20250514',
    'claude-3-7-sonnet-20250219',
    'claude-3-5-sonnet-20241022',
    'claude-3-5-sonnet-20240620',
    'claude-3-haiku-20240307',
    'nova-pro-v1:0',
    'nova-lite-v1:0',
    'nova-micro-v1:0',
  ],
};
