import { ownNumber } from './model-names.js';

/**
 * A built-in completion ratio. `fixed` rules follow the providers' published prices and win over
 * the `CompletionRatio` option; the others are only fallbacks when the option has no entry.
 */
export interface HardcodedCompletionRatio {
  readonly ratio: number;
  readonly fixed: boolean;
}

// Shared, frozen results: the lookup runs on every relay call and allocates nothing.
function rule(ratio: number, fixed: boolean): HardcodedCompletionRatio {
  return Object.freeze({ ratio, fixed });
}
const FIXED_1_25 = rule(0.8 / 0.64, true);
const FIXED_4_3 = rule(4 / 3, true);
const FIXED_LLAMA3_70B = rule(0.79 / 0.59, true);
const FIXED_2 = rule(2, true);
const FIXED_3 = rule(3, true);
const FIXED_4 = rule(4, true);
const FIXED_5 = rule(5, true);
const FIXED_8 = rule(8, true);
const DEFAULT_1 = rule(1, false);
const DEFAULT_2 = rule(2, false);
const DEFAULT_4 = rule(4, false);

const OFFICIAL_DEEPSEEK = /^deepseek-(?:chat|reasoner)$/i;

/**
 * new-api's hard-coded completion ratios (`getHardcodedCompletionModelRatio`, reference §4.1).
 * `name` is the billing name (gizmo names already mapped to their wildcard).
 */
export function hardcodedCompletionRatio(name: string): HardcodedCompletionRatio {
  if (name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) {
    if (name.startsWith('gpt-4o')) return name === 'gpt-4o-2024-05-13' ? FIXED_3 : FIXED_4;
    if (name.startsWith('gpt-4.5-preview')) return FIXED_2;
    if (
      name.startsWith('gpt-4-turbo') ||
      name.endsWith('gpt-4-1106') ||
      name.endsWith('gpt-4-1105')
    ) {
      return FIXED_3;
    }
    return DEFAULT_2;
  }
  if (name.startsWith('o1') || name.startsWith('o3')) return FIXED_4;
  if (name === 'chatgpt-4o-latest') return FIXED_3;
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return FIXED_3;
  if (name.includes('claude-3')) return FIXED_5;
  if (name.startsWith('gpt-3.5')) {
    if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return FIXED_3;
    if (name.endsWith('1106')) return FIXED_2;
    return FIXED_4_3;
  }
  if (name.startsWith('mistral-')) return FIXED_3;
  if (name.startsWith('gemini-')) {
    if (name.startsWith('gemini-1.5') || name.startsWith('gemini-2.0')) return FIXED_4;
    if (name.startsWith('gemini-2.5-pro-preview')) return FIXED_8;
    return DEFAULT_4;
  }
  if (name.startsWith('command')) {
    switch (name) {
      case 'command-r':
        return FIXED_3;
      case 'command-r-plus':
        return FIXED_5;
      case 'command-r-08-2024':
      case 'command-r-plus-08-2024':
        return FIXED_4;
      default:
        return DEFAULT_4;
    }
  }
  // Only the official DeepSeek models: open-weight hosts price their own completions.
  if (OFFICIAL_DEEPSEEK.test(name)) return FIXED_4;
  if (
    name.startsWith('ERNIE-Speed-') ||
    name.startsWith('ERNIE-Lite-') ||
    name.startsWith('ERNIE-Character') ||
    name.startsWith('ERNIE-Functions')
  ) {
    return FIXED_2;
  }
  switch (name) {
    case 'llama2-70b-4096':
      return FIXED_1_25;
    case 'llama3-8b-8192':
      return FIXED_2;
    case 'llama3-70b-8192':
      return FIXED_LLAMA3_70B;
    default:
      return DEFAULT_1;
  }
}

/**
 * The completion (output-token) ratio of a model (`GetCompletionRatio`): a configured entry for a
 * name containing `/` (provider-prefixed names) always wins; otherwise a fixed built-in rule
 * wins; otherwise the configured entry; otherwise the built-in fallback.
 */
export function completionRatioFor(
  name: string,
  configured: Readonly<Record<string, number>> | null | undefined,
): number {
  if (name.includes('/')) {
    const prefixed = ownNumber(configured, name);
    if (prefixed !== undefined) return prefixed;
  }
  const builtIn = hardcodedCompletionRatio(name);
  if (builtIn.fixed) return builtIn.ratio;
  return ownNumber(configured, name) ?? builtIn.ratio;
}
