import type { AnthropicRequest } from './anthropic-api-types.js';

const THINKING_SUFFIX = '-thinking';
/** Smallest max_tokens that leaves room for Anthropic's minimum thinking budget (1024). */
const MIN_MAX_TOKENS = 1280;
const MIN_BUDGET_TOKENS = 1024;

/**
 * The `-thinking` model adapter (reference §3.8). For a model ending `-thinking` (when enabled):
 * the suffix is stripped from the upstream model; if the request has no `thinking` of its own,
 * max_tokens is raised to at least 1280 and extended thinking is switched on with
 * `budget_tokens = floor(max_tokens × budgetRatio)`, temperature 1, and no top_p/top_k (the
 * reference sets top_p 0, which its serialiser then omits; Anthropic rejects top_k with thinking).
 * Modifies `request` in place.
 */
export function applyThinkingAdapter(
  request: AnthropicRequest,
  enabled: boolean,
  budgetRatio: number,
): void {
  if (!enabled || !request.model.endsWith(THINKING_SUFFIX)) return;
  request.model = request.model.slice(0, -THINKING_SUFFIX.length);
  if (request.thinking) return;
  request.max_tokens = Math.max(request.max_tokens, MIN_MAX_TOKENS);
  applyThinkingBudget(request, Math.floor(request.max_tokens * budgetRatio));
}

/**
 * Switches extended thinking on with a budget of `budget` tokens, kept within Anthropic's rules:
 * at least 1024, below max_tokens (raised to 1280 when smaller), temperature 1 and no top_p/top_k
 * (Anthropic rejects sampling changes with thinking). Modifies `request` in place.
 */
export function applyThinkingBudget(request: AnthropicRequest, budget: number): void {
  request.max_tokens = Math.max(request.max_tokens, MIN_MAX_TOKENS);
  request.thinking = {
    type: 'enabled',
    budget_tokens: Math.min(Math.max(budget, MIN_BUDGET_TOKENS), request.max_tokens - 1),
  };
  request.temperature = 1;
  delete request.top_p;
  delete request.top_k;
}
