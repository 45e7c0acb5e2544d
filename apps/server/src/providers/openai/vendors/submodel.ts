import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/**
 * Submodel (new-api type 53): open-weight models behind an OpenAI-compatible API at
 * `https://llm.submodel.ai/v1`, chat completions only; the request goes as the client sent it.
 */
export const submodelVendor = compatibleVendor(
  'submodel',
  { name: 'submodel', modes: modes('chat'), convertUsage: convertOpenAiUsage },
  {
    defaultModels: [
      'openai/gpt-oss-120b',
      'deepseek-ai/DeepSeek-V3-0324',
      'deepseek-ai/DeepSeek-V3.1',
      'deepseek-ai/DeepSeek-R1-0528',
      'Qwen/Qwen3-235B-A22B-Instruct-2507',
      'Qwen/Qwen3-235B-A22B-Thinking-2507',
      'Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8',
      'zai-org/GLM-4.5-FP8',
      'NousResearch/Hermes-4-405B-FP8',
    ],
  },
);
