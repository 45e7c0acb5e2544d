import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import type { JsonObject } from '../json-guards.js';
import {
  convertDeepSeekUsage,
  convertOpenAiUsage,
  convertXaiUsage,
  type OpenAiUsageConverter,
} from './convert-openai-usage.js';
import { OpenAiChannelType } from './openai-channel-types.js';
import {
  applyGrokMiniRules,
  applyReasoningModelRules,
  clampPerplexityTopP,
  trimMistralChatBody,
} from './openai-request-body.js';
import { convertXinferenceRerank } from './xinference-rerank.js';

/**
 * What distinguishes one OpenAI-compatible vendor from plain OpenAI. Everything left out behaves
 * like OpenAI: every mode, base + client path, the request body as is, OpenAI's usage object.
 * URLs per type live in `openai-url.ts`.
 */
export interface OpenAiCompatibleProfile {
  /** Adaptor name for logs. */
  readonly name: string;
  /** Modes the vendor serves; absent = every mode. */
  readonly modes?: ReadonlySet<RelayMode>;
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

/** Profiles by channel type (reference §3.6). */
export const OPENAI_COMPATIBLE_PROFILES: Readonly<Record<number, OpenAiCompatibleProfile>> = {
  [OpenAiChannelType.OpenAI]: plain('openai'),
  [OpenAiChannelType.Azure]: plain('azure'),
  [OpenAiChannelType.Custom]: plain('custom'),
  [OpenAiChannelType.OpenRouter]: plain('openrouter'),
  [OpenAiChannelType.OpenAIMax]: plain('openaimax'),
  [OpenAiChannelType.OhMyGPT]: plain('ohmygpt'),
  [OpenAiChannelType.AILS]: plain('ails'),
  [OpenAiChannelType.AIProxy]: plain('aiproxy'),
  [OpenAiChannelType.API2GPT]: plain('api2gpt'),
  [OpenAiChannelType.AIGC2D]: plain('aigc2d'),
  [OpenAiChannelType.Api360]: plain('360'),
  [OpenAiChannelType.FastGPT]: plain('fastgpt'),
  [OpenAiChannelType.Moonshot]: plain('moonshot'),
  [OpenAiChannelType.LingYiWanWu]: plain('lingyiwanwu'),
  [OpenAiChannelType.Xinference]: {
    name: 'xinference',
    convertUsage: convertOpenAiUsage,
    convertBody: (body, input) =>
      input.mode === 'rerank' ? convertXinferenceRerank(body, input.body) : undefined,
  },
  [OpenAiChannelType.Ollama]: {
    name: 'ollama',
    modes: modes('chat', 'completions', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.MiniMax]: {
    name: 'minimax',
    modes: modes('chat'),
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.Perplexity]: {
    name: 'perplexity',
    modes: modes('chat'),
    adjustBody: clampPerplexityTopP,
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.SiliconFlow]: {
    name: 'siliconflow',
    modes: modes('chat', 'completions', 'embeddings', 'rerank'),
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.Mistral]: {
    name: 'mistral',
    modes: modes('chat', 'embeddings'),
    adjustBody: (body, input) => {
      if (input.mode === 'chat') trimMistralChatBody(body);
    },
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.DeepSeek]: {
    name: 'deepseek',
    modes: modes('chat', 'completions'),
    convertUsage: convertDeepSeekUsage,
  },
  [OpenAiChannelType.VolcEngine]: {
    name: 'volcengine',
    modes: modes('chat', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  [OpenAiChannelType.XAI]: {
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
