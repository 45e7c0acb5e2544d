/**
 * Every vendor, one line each: the server's rules per channel type (see `vendor.ts`). A type of
 * the table without a line here has the common behaviour (an `openai`-family row is plain OpenAI).
 */
import { CHANNEL_TYPE, type ChannelTypeKey } from '@tollgate/contracts';
import type { Vendor } from './vendor.js';
import type { OpenAiCompatibleProfile } from './openai/openai-compatible-profile.js';
import { openAiVendor } from './openai/vendors/openai.js';
import { azureVendor } from './openai/vendors/azure.js';
import { customVendor } from './openai/vendors/custom.js';
import * as resellers from './openai/vendors/openai-resellers.js';
import { ollamaVendor } from './openai/vendors/ollama.js';
import { miniMaxVendor } from './openai/vendors/minimax.js';
import { perplexityVendor } from './openai/vendors/perplexity.js';
import { mokaAiVendor } from './openai/vendors/moka-ai.js';
import { deepSeekVendor } from './openai/vendors/deepseek.js';
import { baiduV2Vendor } from './openai/vendors/baidu-v2.js';
import { volcEngineVendor } from './openai/vendors/volcengine.js';
import { xinferenceVendor } from './openai/vendors/xinference.js';
import { moonshotVendor } from './openai/vendors/moonshot.js';
import { openRouterVendor } from './openai/vendors/openrouter.js';
import { ai360Vendor } from './openai/vendors/ai360.js';
import { lingYiWanWuVendor } from './openai/vendors/lingyiwanwu.js';
import { jinaVendor } from './openai/vendors/jina.js';
import { siliconFlowVendor } from './openai/vendors/siliconflow.js';
import { mistralVendor } from './openai/vendors/mistral.js';
import { xAiVendor } from './openai/vendors/xai.js';
import { submodelVendor } from './openai/vendors/submodel.js';
import { anthropicVendor } from './anthropic/anthropic-vendor.js';
import { bedrockVendor } from './bedrock/bedrock-vendor.js';
import { cohereVendor } from './cohere/cohere-vendor.js';
import { geminiVendor } from './gemini/gemini-vendor.js';
import { vertexVendor } from './vertex/vertex-vendor.js';
import { zhipuVendor } from './zhipu/zhipu-vendor.js';
import { zhipuV4Vendor } from './zhipu/zhipu-v4-vendor.js';
import { aliVendor } from './ali/ali-vendor.js';
import { cloudflareVendor } from './cloudflare/cloudflare-vendor.js';
import { baiduVendor } from './baidu/baidu-vendor.js';
import { tencentVendor } from './tencent/tencent-vendor.js';
import { xunfeiVendor } from './xunfei/xunfei-vendor.js';
import { difyVendor } from './dify/dify-vendor.js';
import * as taskPlatforms from './task-platform-vendors.js';
import * as videoPlatforms from './video-platform-vendors.js';

/** Every vendor; a type appears at most once (checked below at load). */
export const VENDORS: readonly Vendor[] = [
  openAiVendor,
  azureVendor,
  customVendor,
  ...Object.values(resellers),
  ollamaVendor,
  miniMaxVendor,
  perplexityVendor,
  mokaAiVendor,
  deepSeekVendor,
  baiduV2Vendor,
  volcEngineVendor,
  xinferenceVendor,
  moonshotVendor,
  openRouterVendor,
  ai360Vendor,
  lingYiWanWuVendor,
  jinaVendor,
  siliconFlowVendor,
  mistralVendor,
  xAiVendor,
  submodelVendor,
  anthropicVendor,
  bedrockVendor,
  cohereVendor,
  geminiVendor,
  vertexVendor,
  zhipuVendor,
  zhipuV4Vendor,
  aliVendor,
  cloudflareVendor,
  baiduVendor,
  tencentVendor,
  xunfeiVendor,
  difyVendor,
  ...Object.values(taskPlatforms),
  ...Object.values(videoPlatforms),
];

const byId = new Map<number, Vendor>();
for (const vendor of VENDORS) {
  const id = CHANNEL_TYPE[vendor.type];
  if (byId.has(id)) throw new Error(`channel type ${vendor.type} has two vendors`);
  byId.set(id, vendor);
}

/** The vendor of a channel type id, or undefined (common behaviour, or an unknown type). */
export function vendorOf(channelType: number): Vendor | undefined {
  return byId.get(channelType);
}

/** The vendor of a type key. */
export function vendorByKey(key: ChannelTypeKey): Vendor | undefined {
  return byId.get(CHANNEL_TYPE[key]);
}

/** How the type's OpenAI-format calls differ from OpenAI; undefined = not at all. */
export function openAiProfileOf(channelType: number): OpenAiCompatibleProfile | undefined {
  return byId.get(channelType)?.openAiProfile;
}

/** The video platform of a channel type that is one (`Vendor.videoPlatform`), else undefined. */
export function videoPlatformOf(channelType: number): string | undefined {
  return byId.get(channelType)?.videoPlatform;
}
