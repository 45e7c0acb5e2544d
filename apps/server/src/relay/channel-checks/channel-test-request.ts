/**
 * The pure parts of a channel test (reference §5.2): which model is tested, which endpoint, the
 * request body, and what the test would have cost.
 */
import {
  countChatPromptTokens,
  countCompletionTokens,
  countTextTokens,
  type PriceInfo,
} from '../../billing/index.js';
import type { RelayMode } from '../../providers/provider-adaptor.js';
import { vendorOf } from '../../providers/vendors.js';
import type { Usage } from '../../providers/usage.js';

/** Tested when nothing names a model and the channel's type has no default model list. */
export const FALLBACK_TEST_MODEL = 'gpt-4o-mini';

/** Token name and content of the consume log a successful test writes. */
export const CHANNEL_TEST_LOG_NAME = '模型测试';

/** Why a channel type cannot be tested at all (its vendor's refusal); undefined when it can. */
export function untestableTypeMessage(channelType: number): string | undefined {
  return vendorOf(channelType)?.channelTest?.refusal;
}

/**
 * Query `model` → channel `test_model` → first channel model → first model of the type's default
 * list (`catalogue/default-models.ts`: an inexpensive model of that provider, so a channel that
 * lists no models is still tested with a model its upstream knows) → `gpt-4o-mini`.
 */
export function resolveTestModel(
  requested: string | undefined,
  testModel: string,
  models: readonly string[],
  channelType: number,
): string {
  const fromQuery = requested?.trim() ?? '';
  if (fromQuery !== '') return fromQuery;
  if (testModel.trim() !== '') return testModel.trim();
  return models[0] ?? vendorOf(channelType)?.defaultModels?.[0] ?? FALLBACK_TEST_MODEL;
}

/** Embedding-like names (`embedding`/`embed`, `m3e*`, `bge-`) are tested on `/v1/embeddings`. */
export function isEmbeddingModel(model: string): boolean {
  const name = model.toLowerCase();
  return name.includes('embed') || name.startsWith('m3e') || name.includes('bge-');
}

/**
 * Whether the test goes to `/v1/embeddings`. Decided from the resolved model (and the name sent
 * upstream) rather than from the query alone, so a channel whose test model is an embedding model
 * is not sent an embeddings body on the chat path.
 */
export function isEmbeddingTest(
  model: string,
  upstreamModel: string,
  channelType: number,
): boolean {
  return (
    isEmbeddingModel(model) ||
    isEmbeddingModel(upstreamModel) ||
    vendorOf(channelType)?.channelTest?.embeddingsOnly === true
  );
}

/**
 * The test request in OpenAI format: `{model, input:["hello world"]}` for embeddings, else one user
 * message "hi" with the smallest useful output limit. The limit follows the model name sent
 * upstream: `max_completion_tokens: 10` for o1/o3, 50 for non-Claude "thinking" models (Claude
 * thinking models keep the adaptor's default), 300 for Gemini, otherwise 10.
 */
export function buildTestBody(
  model: string,
  upstreamModel: string,
  embeddings: boolean,
): Record<string, unknown> {
  if (embeddings) return { model, input: ['hello world'] };
  const body: Record<string, unknown> = { model, messages: [{ role: 'user', content: 'hi' }] };
  if (upstreamModel.startsWith('o1') || upstreamModel.startsWith('o3')) {
    body.max_completion_tokens = 10;
  } else if (upstreamModel.includes('thinking')) {
    if (!upstreamModel.includes('claude')) body.max_tokens = 50;
  } else if (upstreamModel.includes('gemini')) {
    body.max_tokens = 300;
  } else {
    body.max_tokens = 10;
  }
  return body;
}

/**
 * The quota a test is logged with (nobody is charged): `round((prompt + round(completion ×
 * completionRatio)) × modelRatio)`, at least 1 for a priced model, without the group ratio; or
 * `trunc(price × QuotaPerUnit)` for per-call prices.
 */
export function channelTestQuota(price: PriceInfo, usage: Usage, quotaPerUnit: number): number {
  if (price.usePrice) return Math.trunc(price.modelPrice * quotaPerUnit);
  const weighted = usage.promptTokens + Math.round(usage.completionTokens * price.completionRatio);
  const quota = Math.round(weighted * price.modelRatio);
  return price.modelRatio !== 0 && quota <= 0 ? 1 : quota;
}

/** `X.XX` seconds, as the reference formats the threshold failure. */
export function formatSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(2);
}

/** Usage counted here when upstream reported none (as the relay's adaptors do for plain answers). */
export function countTestUsageLocally(
  mode: RelayMode,
  model: string,
  completionText: string,
): Usage {
  const promptTokens =
    mode === 'embeddings'
      ? countTextTokens(model, 'hello world')
      : countChatPromptTokens(model, [{ role: 'user', content: 'hi' }]);
  const completionTokens = mode === 'chat' ? countCompletionTokens(model, completionText) : 0;
  return {
    promptTokens,
    completionTokens,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    reasoningTokens: 0,
  };
}

/** The user setting `accept_unset_model_ratio_model` (JSON text). */
export function acceptsUnsetRatio(setting: string | null): boolean {
  if (!setting) return false;
  try {
    const parsed: unknown = JSON.parse(setting);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as Record<string, unknown>).accept_unset_model_ratio_model === true
    );
  } catch {
    return false;
  }
}
