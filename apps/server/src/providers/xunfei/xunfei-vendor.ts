import type { Vendor } from '../vendor.js';
import { XunfeiAdaptor } from './xunfei-adaptor.js';

export const xunfeiVendor: Vendor = {
  type: 'xunfei',
  createAdaptor: ({ settings }) => new XunfeiAdaptor(settings.xunfei),
  // The API version follows the model name (SparkDesk-vX.Y); plain SparkDesk uses the channel's.
  defaultModels: [
    'SparkDesk',
    'SparkDesk-v1.1',
    'SparkDesk-v2.1',
    'SparkDesk-v3.1',
    'SparkDesk-v3.5',
    'SparkDesk-v4.0',
  ],
};
