import type { Vendor } from '../vendor.js';
import { GeminiAdaptor } from './gemini-adaptor.js';

export const geminiVendor: Vendor = {
  type: 'gemini',
  estimatesImageTokens: true,
  createAdaptor: ({ settings }) => new GeminiAdaptor(settings.gemini),
  defaultModels: [
    'gemini-2.5-flash-lite',
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.0-flash',
    'text-embedding-004',
    'gemini-embedding-001',
  ],
  // Gemini's OpenAI-compatible model list names models `models/<id>`.
  modelList: {
    path: '/v1beta/openai/models',
    modelId: (listed) => listed.replace(/^models\//, ''),
  },
};
