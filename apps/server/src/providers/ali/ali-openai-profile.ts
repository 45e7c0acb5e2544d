import { convertOpenAiUsage } from '../openai/convert-openai-usage.js';
import { modes, type OpenAiCompatibleProfile } from '../openai/openai-compatible-profile.js';
import { clampDashScopeTopP } from '../openai/openai-request-body.js';

/** DashScope chat through its OpenAI-compatible mode; embeddings and images are native. */
export const ALI_OPENAI_PROFILE: OpenAiCompatibleProfile = {
  name: 'ali',
  modes: modes('chat'),
  url: ({ base }) => `${base}/compatible-mode/v1/chat/completions`,
  adjustBody: clampDashScopeTopP,
  convertUsage: convertOpenAiUsage,
};
