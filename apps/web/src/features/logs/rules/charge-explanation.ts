import type { LogOther } from './log-other';

/** Tokens of one million: token prices are quoted per 1M tokens. */
const MILLION = 1_000_000;

/** Per-call price: `model price × quota per unit × group ratio`. */
export interface PriceCharge {
  kind: 'price';
  modelPrice: number;
  groupRatio: number;
  /** USD of the call: model price × group ratio. */
  dollars: number;
  quota: number;
}

/**
 * Per-token charge: `(uncached + cached × cache ratio + cache writes × cache-write ratio +
 * completion × completion ratio) × model ratio × group ratio`, rounded.
 */
export interface TokenCharge {
  kind: 'tokens';
  uncached: number;
  cached: number;
  cacheRatio: number;
  cacheCreation: number;
  cacheCreationRatio: number;
  completion: number;
  completionRatio: number;
  modelRatio: number;
  groupRatio: number;
  /** USD per 1M prompt tokens before the group ratio (model ratio in dollars). */
  inputPrice: number;
  quota: number;
}

/**
 * Audio-token charge: `(text in + text out × completion ratio + audio in × audio ratio + audio out ×
 * audio ratio × audio completion ratio) × model ratio × group ratio`, rounded.
 */
export interface AudioCharge {
  kind: 'audio';
  textInput: number;
  textOutput: number;
  audioInput: number;
  audioOutput: number;
  completionRatio: number;
  audioRatio: number;
  audioCompletionRatio: number;
  modelRatio: number;
  groupRatio: number;
  inputPrice: number;
  quota: number;
}

export type ChargeExplanation = PriceCharge | TokenCharge | AudioCharge;

/** The token counts of a log row. */
export interface ChargeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

const nonNegative = (value: number | undefined) => (value !== undefined && value > 0 ? value : 0);

/** Rounds half away from zero, as the gateway's decimal settlement does. */
function roundQuota(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A billable call at a non-zero ratio never rounds down to free. */
function atLeastOne(quota: number, ratioProduct: number): number {
  return quota <= 0 && ratioProduct !== 0 ? 1 : quota;
}

/**
 * Recomputes a consume row's charge from its `other` details so the console can show how the
 * quota came about. `null` when the row carries no pricing (not a consume row, or an old row).
 * A call that produced no tokens costs nothing, whatever the price.
 */
export function explainCharge(
  usage: ChargeUsage,
  other: LogOther | null,
  quotaPerUnit: number,
): ChargeExplanation | null {
  if (!other || other.group_ratio === undefined) return null;
  const groupRatio = other.group_ratio;
  const prompt = nonNegative(usage.prompt_tokens);
  const completion = nonNegative(usage.completion_tokens);
  const producedNothing = prompt + completion === 0;

  if (other.model_price !== undefined && other.model_price >= 0) {
    const modelPrice = other.model_price;
    return {
      kind: 'price',
      modelPrice,
      groupRatio,
      dollars: modelPrice * groupRatio,
      quota: producedNothing ? 0 : roundQuota(modelPrice * quotaPerUnit * groupRatio),
    };
  }
  if (other.model_ratio === undefined) return null;
  const modelRatio = other.model_ratio;
  const completionRatio = other.completion_ratio ?? 0;
  const inputPrice = (modelRatio * MILLION) / quotaPerUnit;

  if (other.audio || other.ws) {
    const textInput = nonNegative(other.text_input);
    const textOutput = nonNegative(other.text_output);
    const audioInput = nonNegative(other.audio_input);
    const audioOutput = nonNegative(other.audio_output);
    const audioRatio = other.audio_ratio ?? 0;
    const audioCompletionRatio = other.audio_completion_ratio ?? 0;
    const weighted =
      textInput +
      textOutput * completionRatio +
      audioInput * audioRatio +
      audioOutput * audioRatio * audioCompletionRatio;
    const nothing = textInput + textOutput + audioInput + audioOutput === 0;
    return {
      kind: 'audio',
      textInput,
      textOutput,
      audioInput,
      audioOutput,
      completionRatio,
      audioRatio,
      audioCompletionRatio,
      modelRatio,
      groupRatio,
      inputPrice,
      quota: nothing
        ? 0
        : atLeastOne(roundQuota(weighted * modelRatio * groupRatio), modelRatio * groupRatio),
    };
  }

  // The logged prompt count includes cache reads and writes; the billed counts never exceed it.
  const cached = Math.min(nonNegative(other.cache_tokens), prompt);
  const cacheCreation = Math.min(nonNegative(other.cache_creation_tokens), prompt - cached);
  const uncached = prompt - cached - cacheCreation;
  const cacheRatio = other.cache_ratio ?? 1;
  const cacheCreationRatio = other.cache_creation_ratio ?? 1;
  const weighted =
    uncached +
    cached * cacheRatio +
    cacheCreation * cacheCreationRatio +
    completion * completionRatio;
  return {
    kind: 'tokens',
    uncached,
    cached,
    cacheRatio,
    cacheCreation,
    cacheCreationRatio,
    completion,
    completionRatio,
    modelRatio,
    groupRatio,
    inputPrice,
    quota: producedNothing
      ? 0
      : atLeastOne(roundQuota(weighted * modelRatio * groupRatio), modelRatio * groupRatio),
  };
}

/** USD of a quota amount. */
export function quotaDollars(quota: number, quotaPerUnit: number): number {
  return quota / quotaPerUnit;
}

/** A ratio or price as shown in the details: up to 6 decimals, no trailing zeros. */
export function formatFactor(value: number): string {
  return String(Number(value.toFixed(6)));
}
