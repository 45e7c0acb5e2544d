import { MOCK_CREATED } from './openai-shapes.js';
import { sendJson, type RouteContext } from './route-context.js';

/** Models the mock lists; any other model name is answered just the same. */
export const MOCK_MODELS: readonly string[] = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4.1-nano',
  'gpt-3.5-turbo-instruct',
  'text-embedding-3-small',
  'dall-e-3',
  'gpt-image-1',
  'tts-1',
  'whisper-1',
  'omni-moderation-latest',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'jina-reranker-v2-base-multilingual',
];

const OPENAI_MODEL_LIST = JSON.stringify({
  object: 'list',
  data: MOCK_MODELS.map((id) => ({
    id,
    object: 'model',
    created: MOCK_CREATED,
    owned_by: id.startsWith('claude') ? 'anthropic' : 'openai',
  })),
});

const ANTHROPIC_MODEL_LIST = JSON.stringify({
  data: MOCK_MODELS.filter((id) => id.startsWith('claude')).map((id) => ({
    type: 'model',
    id,
    display_name: id,
    created_at: '2025-01-01T00:00:00Z',
  })),
  has_more: false,
  first_id: 'claude-sonnet-4-5',
  last_id: 'claude-haiku-4-5',
});

/** `GET /v1/models`: OpenAI's list, or Anthropic's when the request carries `anthropic-version`. */
export function handleModels(context: RouteContext): void {
  const anthropic = context.request.headers['anthropic-version'] !== undefined;
  sendJson(context, 200, anthropic ? ANTHROPIC_MODEL_LIST : OPENAI_MODEL_LIST);
}

/** The hard limit the billing endpoints report, in dollars. */
export const MOCK_HARD_LIMIT_USD = 100;
/** The usage the billing endpoints report, in cents: the balance is 100 − 2500/100 = 75 dollars. */
export const MOCK_TOTAL_USAGE_CENTS = 2500;

const SUBSCRIPTION = JSON.stringify({
  object: 'billing_subscription',
  has_payment_method: true,
  soft_limit_usd: MOCK_HARD_LIMIT_USD,
  hard_limit_usd: MOCK_HARD_LIMIT_USD,
  system_hard_limit_usd: MOCK_HARD_LIMIT_USD,
  access_until: 0,
});

const USAGE = JSON.stringify({ object: 'list', total_usage: MOCK_TOTAL_USAGE_CENTS });

/** `GET /v1/dashboard/billing/subscription` (OpenAI-style balance query). */
export function handleBillingSubscription(context: RouteContext): void {
  sendJson(context, 200, SUBSCRIPTION);
}

/** `GET /v1/dashboard/billing/usage?start_date&end_date` (the dates are not checked). */
export function handleBillingUsage(context: RouteContext): void {
  sendJson(context, 200, USAGE);
}
