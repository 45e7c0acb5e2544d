import type { Vendor } from '../vendor.js';
import { CloudflareAdaptor } from './cloudflare-adaptor.js';
import { WORKERS_AI_OPENAI_PROFILE } from './workers-ai-openai-profile.js';

export const cloudflareVendor: Vendor = {
  type: 'cloudflare',
  openAiProfile: WORKERS_AI_OPENAI_PROFILE,
  createAdaptor: ({ settings }) => new CloudflareAdaptor(settings.openAi),
  defaultModels: [
    '@cf/meta/llama-3.1-8b-instruct',
    '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
    '@cf/mistral/mistral-7b-instruct-v0.1',
    '@cf/qwen/qwen1.5-14b-chat-awq',
    '@cf/baai/bge-base-en-v1.5',
    '@cf/baai/bge-m3',
    '@cf/openai/whisper',
    '@cf/openai/whisper-large-v3-turbo',
  ],
};
