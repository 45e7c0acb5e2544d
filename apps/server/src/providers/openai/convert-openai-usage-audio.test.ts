import { describe, expect, it } from 'vitest';
import { convertOpenAiUsage } from './convert-openai-usage.js';

describe('audio token usage', () => {
  it('splits text and audio tokens when upstream reports audio', () => {
    const usage = convertOpenAiUsage({
      prompt_tokens: 120,
      completion_tokens: 300,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 100, text_tokens: 20 },
      completion_tokens_details: { audio_tokens: 250, text_tokens: 50 },
    });
    expect(usage?.audio).toEqual({
      textInput: 20,
      textOutput: 50,
      audioInput: 100,
      audioOutput: 250,
    });
  });

  it('derives the text part when only audio is given, and leaves plain usage without audio', () => {
    const usage = convertOpenAiUsage({
      prompt_tokens: 30,
      completion_tokens: 10,
      prompt_tokens_details: { audio_tokens: 25 },
    });
    expect(usage?.audio).toEqual({ textInput: 5, textOutput: 10, audioInput: 25, audioOutput: 0 });
    expect(convertOpenAiUsage({ prompt_tokens: 3, completion_tokens: 4 })?.audio).toBeUndefined();
  });
});
