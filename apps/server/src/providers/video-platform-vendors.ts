import type { Vendor } from './vendor.js';

/**
 * Video platforms (`tasks/video/` serves their calls): no relay adaptor and no channel test; their
 * built-in models are new-api's for each type.
 */
export const klingVendor: Vendor = {
  type: 'kling',
  videoPlatform: 'kling',
  defaultModels: [
    'kling-v1',
    'kling-v1-6',
    'kling-v2-master',
    'kling-v2-1-master',
    'kling-v2-5-turbo',
    'kling-v2-6',
  ],
  channelTest: { refusal: 'kling channel test is not supported' },
};
export const jimengVendor: Vendor = {
  type: 'jimeng',
  videoPlatform: 'jimeng',
  defaultModels: ['jimeng_vgfm_t2v_l20'],
  channelTest: { refusal: 'jimeng channel test is not supported' },
};
export const viduVendor: Vendor = {
  type: 'vidu',
  videoPlatform: 'vidu',
  defaultModels: ['viduq2', 'viduq1', 'vidu2.0', 'vidu1.5'],
  channelTest: { refusal: 'vidu channel test is not supported' },
};
