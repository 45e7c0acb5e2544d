import type { Vendor } from '../vendor.js';
import { ZhipuAdaptor } from './zhipu-adaptor.js';
import { ZhipuTokenCache } from './zhipu-token.js';

/** Name of the token cache Zhipu v3 and v4 share (the same kind of token from the same key). */
export const ZHIPU_TOKENS = 'zhipu-tokens';

export const zhipuVendor: Vendor = {
  type: 'zhipu',
  createAdaptor: (context) =>
    new ZhipuAdaptor(context.shared(ZHIPU_TOKENS, () => new ZhipuTokenCache())),
  // Zhipu's v3 model API serves only the ChatGLM generation.
  defaultModels: ['chatglm_lite', 'chatglm_turbo', 'chatglm_pro', 'chatglm_std'],
};
