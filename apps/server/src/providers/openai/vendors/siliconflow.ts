import {
  BalanceQueryError,
  decimalField,
  fetchWithBearer,
  objectOf,
  type BalanceQuery,
} from '../../balance-query.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/** SiliconFlow: `code` 20000 means success; the balance is a decimal string. */
const siliconFlowBalance: BalanceQuery = async (channel, fetchJson) => {
  const answer = await fetchWithBearer(
    fetchJson,
    'https://api.siliconflow.cn/v1/user/info',
    channel,
  );
  if (answer.code !== 20000) {
    throw BalanceQueryError.refused(answer.code, answer.message);
  }
  return decimalField(objectOf(answer.data), 'totalBalance');
};

export const siliconFlowVendor = compatibleVendor(
  'siliconFlow',
  {
    name: 'siliconflow',
    modes: modes('chat', 'completions', 'embeddings', 'rerank'),
    convertUsage: convertOpenAiUsage,
  },
  {
    defaultModels: [
      'deepseek-ai/DeepSeek-V3',
      'deepseek-ai/DeepSeek-R1',
      'Qwen/Qwen2.5-72B-Instruct',
      'Qwen/Qwen2.5-7B-Instruct',
      'BAAI/bge-m3',
      'BAAI/bge-reranker-v2-m3',
    ],
    balance: siliconFlowBalance,
  },
);
