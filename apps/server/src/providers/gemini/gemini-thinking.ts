import type { GeminiGenerationConfig } from './gemini-api-types.js';

/** Gemini's largest thinking budget for the Flash models; the adapter never asks for more. */
export const MAX_THINKING_BUDGET = 24576;

/** The gemini.thinking_adapter_* options. */
export interface GeminiThinkingSettings {
  thinkingAdapterEnabled: boolean;
  /** Share of the call's output limit given to thinking (0.1–1). */
  thinkingBudgetRatio: number;
}

/** What a model name's suffix asks of the thinking adapter. */
export interface ThinkingRequest {
  /** The model name sent upstream (suffix removed when the adapter applies). */
  model: string;
  mode: 'thinking' | 'nothinking' | undefined;
}

/**
 * Reads the `-thinking` / `-nothinking` suffix of the upstream model name. Only when the adapter
 * is on: with it off the name goes upstream unchanged.
 */
export function readThinkingSuffix(
  model: string,
  settings: GeminiThinkingSettings,
): ThinkingRequest {
  if (!settings.thinkingAdapterEnabled) return { model, mode: undefined };
  if (model.endsWith('-nothinking')) {
    return { model: model.slice(0, -'-nothinking'.length), mode: 'nothinking' };
  }
  if (model.endsWith('-thinking')) {
    return { model: model.slice(0, -'-thinking'.length), mode: 'thinking' };
  }
  return { model, mode: undefined };
}

const EFFORT_BUDGETS: Readonly<Record<string, number>> = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: MAX_THINKING_BUDGET,
};

/**
 * The thinking config of a call: `-thinking` asks for thoughts with a budget of the ratio times
 * the output limit (capped at 24576; gemini-2.5-pro sets its own), `-nothinking` a budget of 0;
 * otherwise OpenAI's `reasoning_effort` maps to a budget and the thoughts are returned.
 */
export function thinkingConfig(
  request: ThinkingRequest,
  maxTokens: number,
  reasoningEffort: unknown,
  settings: GeminiThinkingSettings,
): GeminiGenerationConfig['thinkingConfig'] {
  if (request.mode === 'nothinking') return { thinkingBudget: 0 };
  if (request.mode === 'thinking') {
    if (request.model.includes('gemini-2.5-pro')) return { includeThoughts: true };
    const budget = Math.floor(settings.thinkingBudgetRatio * maxTokens);
    return {
      includeThoughts: true,
      thinkingBudget: budget <= 0 || budget > MAX_THINKING_BUDGET ? MAX_THINKING_BUDGET : budget,
    };
  }
  if (typeof reasoningEffort === 'string' && Object.hasOwn(EFFORT_BUDGETS, reasoningEffort)) {
    const budget = EFFORT_BUDGETS[reasoningEffort];
    return budget === 0 ? { thinkingBudget: 0 } : { includeThoughts: true, thinkingBudget: budget };
  }
  return undefined;
}
