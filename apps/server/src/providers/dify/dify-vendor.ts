import type { Vendor } from '../vendor.js';
import { DifyAdaptor } from './dify-adaptor.js';

export const difyVendor: Vendor = {
  type: 'dify',
  createAdaptor: ({ settings }) => new DifyAdaptor(settings.dify),
  // A Dify channel is one app: its model name is only a label for routing and pricing.
  defaultModels: ['dify'],
};
