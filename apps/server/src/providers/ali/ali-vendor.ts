import type { Vendor } from '../vendor.js';
import { AliAdaptor } from './ali-adaptor.js';
import { ALI_OPENAI_PROFILE } from './ali-openai-profile.js';

export const aliVendor: Vendor = {
  type: 'ali',
  openAiProfile: ALI_OPENAI_PROFILE,
  createAdaptor: ({ settings, outbound }) => new AliAdaptor(settings.ali, outbound),
  defaultModels: [
    'qwen-turbo',
    'qwen-max',
    'qwen-plus',
    'qwen-long',
    'qwen-vl-max',
    'qwen-vl-plus',
    'text-embedding-v1',
    'text-embedding-v2',
    'text-embedding-v3',
    'wanx-v1',
  ],
  modelList: { path: '/compatible-mode/v1/models' },
};
