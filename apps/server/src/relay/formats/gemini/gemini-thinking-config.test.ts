import { readChatCall } from '../../../providers/hub/read-chat-call.js';
import { describe, expect, it } from 'vitest';
import { convertToAnthropicRequest } from '../../../providers/anthropic/convert-to-anthropic-request.js';
import { chatToGeminiAnswer } from './chat-to-gemini-answer.js';
import { applyThinkingConfig } from './gemini-thinking-config.js';

function convert(config: unknown) {
  const body: Record<string, unknown> = {};
  const reasoning = applyThinkingConfig(body, config);
  return { effort: body.reasoning_effort, reasoning };
}

describe('Gemini thinkingConfig on the internal call', () => {
  it('maps budgets to efforts by range and keeps the exact budget', () => {
    expect(convert({ thinkingBudget: 1024 })).toEqual({
      effort: 'low',
      reasoning: { hidden: true, budgetTokens: 1024 },
    });
    expect(convert({ thinkingBudget: 4096, includeThoughts: true })).toEqual({
      effort: 'medium',
      reasoning: { hidden: false, budgetTokens: 4096 },
    });
    expect(convert({ thinkingBudget: 16384 }).effort).toBe('high');
  });

  it('asks nothing for 0 (off) and -1 (dynamic), and maps levels', () => {
    expect(convert({ thinkingBudget: 0 })).toEqual({
      effort: undefined,
      reasoning: { hidden: true },
    });
    expect(convert({ thinkingBudget: -1, includeThoughts: true })).toEqual({
      effort: undefined,
      reasoning: { hidden: false },
    });
    expect(convert({ thinkingLevel: 'HIGH' })).toEqual({
      effort: 'high',
      reasoning: { hidden: true, budgetTokens: 24576 },
    });
    expect(convert(undefined)).toEqual({ effort: undefined, reasoning: { hidden: true } });
  });

  it('refuses malformed settings with INVALID_ARGUMENT', () => {
    expect(() => convert({ thinkingBudget: 'lots' })).toThrow(/thinkingBudget/);
    expect(() => convert({ thinkingBudget: -5 })).toThrow(/thinkingBudget/);
    expect(() => convert({ includeThoughts: 'yes' })).toThrow(/includeThoughts/);
    expect(() => convert({ thinkingLevel: 'extreme' })).toThrow(/thinkingLevel/);
    expect(() => convert([])).toThrow(/thinkingConfig/);
  });

  it('gives Anthropic the exact budget, within its rules', () => {
    const options = { defaultMaxTokens: {}, thinkingAdapterEnabled: false, thinkingBudgetRatio: 0 };
    const body = readChatCall({
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.2,
      top_k: 5,
    });
    const request = convertToAnthropicRequest(body, 'claude-sonnet-4-5', false, options, 6000);
    expect(request.thinking).toEqual({ type: 'enabled', budget_tokens: 6000 });
    expect(request.temperature).toBe(1);
    expect(request.top_k).toBeUndefined();
    const small = convertToAnthropicRequest(
      { ...body, max_tokens: 500 },
      'claude-sonnet-4-5',
      false,
      options,
      100,
    );
    expect(small.max_tokens).toBe(1280);
    expect(small.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
  });

  it('answers thought parts only with includeThoughts', () => {
    const completion = {
      choices: [
        {
          message: { role: 'assistant', content: 'Answer', reasoning_content: 'Because' },
          finish_reason: 'stop',
        },
      ],
    };
    const shown = chatToGeminiAnswer(completion, undefined, 'm', false);
    expect(shown.candidates[0].content.parts).toEqual([
      { text: 'Because', thought: true },
      { text: 'Answer' },
    ]);
    const hidden = chatToGeminiAnswer(completion, undefined, 'm', true);
    expect(hidden.candidates[0].content.parts).toEqual([{ text: 'Answer' }]);
  });
});
