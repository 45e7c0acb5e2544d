import type { Vendor } from './vendor.js';

/**
 * Task platforms (`tasks/` serves their routes): no relay adaptor and no channel test, with the
 * reference's texts.
 */
export const midjourneyVendor: Vendor = {
  type: 'midjourney',
  channelTest: { refusal: 'midjourney channel test is not supported' },
};
export const midjourneyPlusVendor: Vendor = {
  type: 'midjourneyPlus',
  channelTest: { refusal: 'midjourney plus channel test is not supported' },
};
export const sunoVendor: Vendor = {
  type: 'suno',
  channelTest: { refusal: 'suno channel test is not supported' },
};
