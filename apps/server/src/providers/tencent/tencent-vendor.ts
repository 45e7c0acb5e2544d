import type { Vendor } from '../vendor.js';
import { TencentAdaptor } from './tencent-adaptor.js';

export const tencentVendor: Vendor = {
  type: 'tencent',
  createAdaptor: () => new TencentAdaptor(),
  defaultModels: [
    'hunyuan-lite',
    'hunyuan-standard',
    'hunyuan-standard-256K',
    'hunyuan-pro',
    'hunyuan-turbo',
    'hunyuan-embedding',
  ],
};
