import { describe, expect, it } from 'vitest';
import { completionRatioFor, hardcodedCompletionRatio } from './completion-ratio.js';

describe('hardcodedCompletionRatio', () => {
  it.each([
    ['gpt-4o', 4, true],
    ['gpt-4o-mini', 4, true],
    ['gpt-4o-2024-05-13', 3, true],
    ['gpt-4.5-preview-2025-02-27', 2, true],
    ['gpt-4-turbo-2024-04-09', 3, true],
    ['gpt-4-1106', 3, true],
    ['azure-gpt-4-1105', 1, false],
    ['gpt-4', 2, false],
    ['gpt-4-0613', 2, false],
    ['gpt-4.1', 2, false],
    ['gpt-4-all', 1, false],
    ['gpt-4-gizmo-*', 1, false],
    ['o1-mini', 4, true],
    ['o3-mini-2025-01-31', 4, true],
    ['chatgpt-4o-latest', 3, true],
    ['claude-instant-1.2', 3, true],
    ['claude-2.1', 3, true],
    ['claude-3-5-sonnet-20241022', 5, true],
    ['anthropic.claude-3-haiku', 5, true],
    ['gpt-3.5-turbo', 3, true],
    ['gpt-3.5-turbo-0125', 3, true],
    ['gpt-3.5-turbo-1106', 2, true],
    ['gpt-3.5-turbo-0613', 4 / 3, true],
    ['mistral-large-latest', 3, true],
    ['gemini-1.5-pro', 4, true],
    ['gemini-2.0-flash', 4, true],
    ['gemini-2.5-pro-preview-03-25', 8, true],
    ['gemini-exp-1206', 4, false],
    ['command-r', 3, true],
    ['command-r-plus', 5, true],
    ['command-r-08-2024', 4, true],
    ['command-r-plus-08-2024', 4, true],
    ['command-light', 4, false],
    ['deepseek-chat', 4, true],
    ['DeepSeek-Reasoner', 4, true],
    ['deepseek-coder', 1, false],
    ['ERNIE-Speed-128K', 2, true],
    ['ERNIE-Lite-8K', 2, true],
    ['ERNIE-Character-8K', 2, true],
    ['ERNIE-Functions-8K', 2, true],
    ['llama2-70b-4096', 0.8 / 0.64, true],
    ['llama3-8b-8192', 2, true],
    ['llama3-70b-8192', 0.79 / 0.59, true],
    ['qwen-max', 1, false],
  ])('%s → %d (fixed %s)', (name, ratio, fixed) => {
    expect(hardcodedCompletionRatio(name)).toEqual({ ratio, fixed });
  });

  it('returns shared objects (no allocation per call)', () => {
    expect(hardcodedCompletionRatio('gpt-4o')).toBe(hardcodedCompletionRatio('gpt-4o-mini'));
    expect(Object.isFrozen(hardcodedCompletionRatio('qwen-max'))).toBe(true);
  });
});

describe('completionRatioFor', () => {
  const configured = {
    'gpt-4o': 10,
    'gpt-4-0613': 5,
    'openai/gpt-4o': 7,
    'gemini-1.5-pro': 9,
    'gemini-exp-1206': 9,
    'qwen-max': 3,
    'gpt-4-gizmo-*': 2,
  };

  it('lets fixed built-in rules win over the configuration', () => {
    expect(completionRatioFor('gpt-4o', configured)).toBe(4);
    expect(completionRatioFor('gemini-1.5-pro', configured)).toBe(4);
  });

  it('uses the configuration over non-fixed rules', () => {
    expect(completionRatioFor('gpt-4-0613', configured)).toBe(5);
    expect(completionRatioFor('gemini-exp-1206', configured)).toBe(9);
    expect(completionRatioFor('qwen-max', configured)).toBe(3);
    expect(completionRatioFor('gpt-4-gizmo-*', configured)).toBe(2);
  });

  it('falls back to the built-in default', () => {
    expect(completionRatioFor('gpt-4', configured)).toBe(2);
    expect(completionRatioFor('unknown-model', configured)).toBe(1);
    expect(completionRatioFor('unknown-model', undefined)).toBe(1);
  });

  it('prefers a configured provider-prefixed name even over fixed rules', () => {
    expect(completionRatioFor('openai/gpt-4o', configured)).toBe(7);
    // Not configured: the rules apply to the whole name.
    expect(completionRatioFor('anthropic/claude-3-opus', configured)).toBe(5);
  });

  it('ignores inherited object properties', () => {
    expect(completionRatioFor('constructor', configured)).toBe(1);
    expect(completionRatioFor('__proto__', configured)).toBe(1);
  });
});
