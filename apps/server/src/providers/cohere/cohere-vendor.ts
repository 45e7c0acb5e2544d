import type { Vendor } from '../vendor.js';
import { CohereAdaptor } from './cohere-adaptor.js';

export const cohereVendor: Vendor = {
  type: 'cohere',
  createAdaptor: ({ settings }) => new CohereAdaptor(settings.cohere),
  defaultModels: [
    'command-r7b-12-2024',
    'command-a-03-2025',
    'command-r-plus-08-2024',
    'command-r-08-2024',
    'embed-v4.0',
    'embed-english-v3.0',
    'embed-multilingual-v3.0',
    'rerank-v3.5',
    'rerank-english-v3.0',
    'rerank-multilingual-v3.0',
  ],
};
