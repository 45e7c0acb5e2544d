import type { ReasoningRequest } from '../../../providers/provider-adaptor.js';
import { invalidArgument } from './gemini-request-guards.js';

/** Gemini's thinking levels that have an OpenAI `reasoning_effort` of the same name. */
const LEVELS = new Set(['minimal', 'low', 'medium', 'high']);
/** Budgets standing for a thinking level, for providers that take budgets (Anthropic). */
const LEVEL_BUDGETS: Readonly<Record<string, number>> = { low: 2048, medium: 8192, high: 24576 };

/** A thinking budget as an OpenAI `reasoning_effort`, with the ranges Claude Messages uses. */
export function effortForBudget(budget: number): string {
  if (budget < 4096) return 'low';
  return budget < 16384 ? 'medium' : 'high';
}

/**
 * Gemini's `generationConfig.thinkingConfig` on the internal call: a positive `thinkingBudget`
 * becomes `reasoning_effort` (below 4096 `low`, below 16384 `medium`, else `high`) and, for
 * providers with budgets, the exact budget; a `thinkingLevel` becomes the effort of that name.
 * A budget of 0 (thinking off) or -1 (the model decides) asks nothing: each model keeps its
 * default, since a `reasoning_effort` would make models without reasoning refuse the call.
 * Thought parts are answered only with `includeThoughts: true`, as Gemini does.
 */
export function applyThinkingConfig(
  body: Record<string, unknown>,
  config: unknown,
): ReasoningRequest {
  if (config === undefined || config === null) return { hidden: true };
  if (typeof config !== 'object' || Array.isArray(config)) {
    throw invalidArgument('generationConfig.thinkingConfig must be an object');
  }
  const { thinkingBudget, thinkingLevel, includeThoughts } = config as Record<string, unknown>;
  if (includeThoughts !== undefined && typeof includeThoughts !== 'boolean') {
    throw invalidArgument('generationConfig.thinkingConfig.includeThoughts must be a boolean');
  }
  const reasoning: ReasoningRequest = { hidden: includeThoughts !== true };
  if (thinkingBudget !== undefined) {
    if (
      typeof thinkingBudget !== 'number' ||
      !Number.isInteger(thinkingBudget) ||
      thinkingBudget < -1
    ) {
      throw invalidArgument(
        'generationConfig.thinkingConfig.thinkingBudget must be an integer ≥ -1',
      );
    }
    if (thinkingBudget > 0) {
      body.reasoning_effort = effortForBudget(thinkingBudget);
      reasoning.budgetTokens = thinkingBudget;
    }
  } else if (thinkingLevel !== undefined) {
    const level = typeof thinkingLevel === 'string' ? thinkingLevel.toLowerCase() : '';
    if (!LEVELS.has(level)) {
      throw invalidArgument(
        `generationConfig.thinkingConfig.thinkingLevel ${String(thinkingLevel)} is not supported`,
      );
    }
    body.reasoning_effort = level;
    if (LEVEL_BUDGETS[level] !== undefined) reasoning.budgetTokens = LEVEL_BUDGETS[level];
  }
  return reasoning;
}
