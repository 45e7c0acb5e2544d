/**
 * The endpoint types of the pricing page (new-api's names): which API a model can be called
 * through, and the default path and method of each. A metadata row's `endpoints` names them (an
 * object keyed by type, whose values may give their own `{path, method}`, or an array of types);
 * without it they are derived from the channel types serving the model and from its name.
 */
import { channelTypeDefinition } from '@tollgate/contracts';
import { vendorOf } from '../providers/vendors.js';

export const ENDPOINT_TYPES = [
  'openai',
  'openai-response',
  'anthropic',
  'gemini',
  'jina-rerank',
  'image-generation',
  'embeddings',
] as const;

/** Where an endpoint type is called. */
export interface EndpointInfo {
  path: string;
  method: string;
}

const DEFAULT_ENDPOINTS: Readonly<Record<string, EndpointInfo>> = {
  openai: { path: '/v1/chat/completions', method: 'POST' },
  'openai-response': { path: '/v1/responses', method: 'POST' },
  anthropic: { path: '/v1/messages', method: 'POST' },
  gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
  'jina-rerank': { path: '/v1/rerank', method: 'POST' },
  'image-generation': { path: '/v1/images/generations', method: 'POST' },
  embeddings: { path: '/v1/embeddings', method: 'POST' },
};

/** The default path and method of a type; undefined for a type Tollgate does not know. */
export function defaultEndpoint(type: string): EndpointInfo | undefined {
  return DEFAULT_ENDPOINTS[type];
}

const IMAGE_MODEL = /^(dall-e|gpt-image|imagen|flux|stable-diffusion|sd3|recraft|cogview|wanx)/i;
const EMBEDDING_MODEL = /embed/i;
const RERANK_MODEL = /rerank/i;
/** Models OpenAI serves through the Responses API only. */
const RESPONSES_ONLY_MODEL =
  /^(o1-pro|o3-pro|o3-deep-research|o4-mini-deep-research|codex-mini|computer-use-preview)/i;

/** The endpoint types one channel type offers for one model (new-api's rules, by family). */
export function endpointTypesForChannel(channelType: number, model: string): string[] {
  if (EMBEDDING_MODEL.test(model)) return ['embeddings'];
  const family = channelTypeDefinition(channelType)?.family;
  const modes = vendorOf(channelType)?.openAiProfile?.modes;
  if (RERANK_MODEL.test(model) && modes?.has('rerank')) return ['jina-rerank'];
  let types: string[];
  if (family === 'anthropic' || family === 'bedrock') types = ['anthropic', 'openai'];
  else if (family === 'vertex') {
    types = /^claude/i.test(model) ? ['anthropic', 'openai'] : ['gemini', 'openai'];
  } else if (family === 'gemini') types = ['gemini', 'openai'];
  else types = ['openai'];
  if (RESPONSES_ONLY_MODEL.test(model)) types = ['openai-response'];
  if (IMAGE_MODEL.test(model)) types = ['image-generation', ...types];
  return types;
}

/** A row's own endpoints: the types it names and the paths it gives; undefined when unset or unreadable. */
export function metadataEndpoints(
  endpoints: string | null,
): { types: string[]; custom: Map<string, EndpointInfo> } | undefined {
  if (!endpoints || endpoints.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(endpoints);
  } catch {
    return undefined;
  }
  const custom = new Map<string, EndpointInfo>();
  if (Array.isArray(parsed)) {
    const types = parsed.filter((type): type is string => typeof type === 'string' && type !== '');
    return types.length > 0 ? { types: [...new Set(types)], custom } : undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const types = Object.keys(parsed);
  for (const [type, value] of Object.entries(parsed as Record<string, unknown>)) {
    const info = value as { path?: unknown; method?: unknown } | null;
    if (typeof info === 'object' && info !== null && typeof info.path === 'string') {
      custom.set(type, {
        path: info.path,
        method: typeof info.method === 'string' && info.method !== '' ? info.method : 'POST',
      });
    }
  }
  return types.length > 0 ? { types, custom } : undefined;
}
