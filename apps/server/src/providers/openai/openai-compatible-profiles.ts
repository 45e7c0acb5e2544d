import type { ChannelTypeKey } from '@tollgate/contracts';
import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import type { JsonObject } from '../json-guards.js';
import {
  convertDeepSeekUsage,
  convertOpenAiUsage,
  convertXaiUsage,
  type OpenAiUsageConverter,
} from './convert-openai-usage.js';
import {
  applyGrokMiniRules,
  applyReasoningModelRules,
  clampDashScopeTopP,
  clampPerplexityTopP,
  trimMistralChatBody,
} from './openai-request-body.js';
import { convertXinferenceRerank } from './xinference-rerank.js';
import { normaliseJinaRerank } from './jina-rerank.js';
import { toMokaEmbeddingBody } from './moka-embedding-request.js';

/**
 * What distinguishes one OpenAI-compatible vendor from plain OpenAI. Everything left out behaves
 * like OpenAI: every mode, base + client path, the request body as is, OpenAI's usage object.
 * URLs per type live in `openai-url.ts`.
 */
export interface OpenAiCompatibleProfile {
  /** Adaptor name for logs. */
  readonly name: string;
  /** Modes the vendor serves; absent = every mode except `responses`. */
  readonly modes?: ReadonlySet<RelayMode>;
  /**
   * The vendor serves OpenAI's Responses API (`/v1/responses`) itself: Responses calls pass
   * through. Only OpenAI and Azure; other vendors get Responses calls converted to chat.
   */
  readonly servesResponses?: boolean;
  /** Adjusts a JSON request body (a copy the hook may change in place). */
  readonly adjustBody?: (body: JsonObject, input: RelayCallInput) => void;
  /** Reads the vendor's usage object. */
  readonly convertUsage: OpenAiUsageConverter;
  /** Rewrites a complete JSON success body; undefined keeps upstream's bytes unchanged. */
  readonly convertBody?: (body: JsonObject, input: RelayCallInput) => JsonObject | undefined;
}

const modes = (...list: RelayMode[]): ReadonlySet<RelayMode> => new Set(list);

/** OpenAI's own rules, shared by every type that may front OpenAI models. */
const openAiBodyRules = (body: JsonObject, input: RelayCallInput): void => {
  if (input.mode === 'chat') applyReasoningModelRules(body);
};

function plain(name: string): OpenAiCompatibleProfile {
  return { name, adjustBody: openAiBodyRules, convertUsage: convertOpenAiUsage };
}

/**
 * The vendors that differ from plain OpenAI, by channel type key (reference §3.6). A type of the
 * `openai` family without an entry here is served as plain OpenAI, so a new OpenAI-compatible
 * vendor is one row of the channel-type table, plus an entry here only for what differs.
 */
const PROFILES: Partial<Record<ChannelTypeKey, OpenAiCompatibleProfile>> = {
  xinference: {
    name: 'xinference',
    convertUsage: convertOpenAiUsage,
    convertBody: (body, input) =>
      input.mode === 'rerank' ? convertXinferenceRerank(body, input.body) : undefined,
  },
  jina: {
    name: 'jina',
    modes: modes('rerank', 'embeddings'),
    convertUsage: convertOpenAiUsage,
    convertBody: (body, input) => (input.mode === 'rerank' ? normaliseJinaRerank(body) : undefined),
  },
  mokaAi: {
    name: 'mokaai',
    modes: modes('embeddings'),
    adjustBody: toMokaEmbeddingBody,
    convertUsage: convertOpenAiUsage,
  },
  cloudflare: {
    // Workers AI's OpenAI-compatible endpoints; its native modes are in providers/cloudflare/.
    name: 'cloudflare',
    modes: modes('chat', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  ollama: {
    name: 'ollama',
    modes: modes('chat', 'completions', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  miniMax: {
    name: 'minimax',
    modes: modes('chat'),
    convertUsage: convertOpenAiUsage,
  },
  perplexity: {
    name: 'perplexity',
    modes: modes('chat'),
    adjustBody: clampPerplexityTopP,
    convertUsage: convertOpenAiUsage,
  },
  siliconFlow: {
    name: 'siliconflow',
    modes: modes('chat', 'completions', 'embeddings', 'rerank'),
    convertUsage: convertOpenAiUsage,
  },
  mistral: {
    name: 'mistral',
    modes: modes('chat', 'embeddings'),
    adjustBody: (body, input) => {
      if (input.mode === 'chat') trimMistralChatBody(body);
    },
    convertUsage: convertOpenAiUsage,
  },
  deepSeek: {
    name: 'deepseek',
    modes: modes('chat', 'completions'),
    convertUsage: convertDeepSeekUsage,
  },
  baiduV2: {
    name: 'baidu_v2',
    modes: modes('chat', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  volcEngine: {
    name: 'volcengine',
    modes: modes('chat', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  zhipuV4: {
    name: 'zhipu_4v',
    modes: modes('chat', 'embeddings'),
    // Zhipu v4 takes top_p in the open interval (0, 1), like v3.
    adjustBody: clampPerplexityTopP,
    convertUsage: convertOpenAiUsage,
  },
  // DashScope chat (compatible mode); the Ali adaptor serves embeddings and images natively.
  ali: {
    name: 'ali',
    modes: modes('chat'),
    adjustBody: clampDashScopeTopP,
    convertUsage: convertOpenAiUsage,
  },
  xAi: {
    name: 'xai',
    modes: modes('chat', 'completions', 'images'),
    adjustBody: (body, input) => {
      if (input.mode === 'chat') applyGrokMiniRules(body);
      // xAI's image endpoint rejects `size`.
      if (input.mode === 'images') delete body.size;
    },
    convertUsage: convertXaiUsage,
  },
};

/** The profile of an `openai`-family channel type. */
export function openAiCompatibleProfile(key: ChannelTypeKey): OpenAiCompatibleProfile {
  if (key === 'openAi' || key === 'azure')
    return { ...plain(key.toLowerCase()), servesResponses: true };
  return PROFILES[key] ?? plain(key.toLowerCase());
}
