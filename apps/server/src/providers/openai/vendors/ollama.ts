import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/** Ollama's OpenAI-compatible API: chat, completions and embeddings. */
export const ollamaVendor = compatibleVendor(
  'ollama',
  {
    name: 'ollama',
    modes: modes('chat', 'completions', 'embeddings'),
    convertUsage: convertOpenAiUsage,
  },
  { defaultModels: ['llama3.2', 'llama3.1', 'qwen2.5', 'mistral', 'gemma2', 'nomic-embed-text'] },
);
