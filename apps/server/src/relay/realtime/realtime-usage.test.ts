import { describe, expect, it } from 'vitest';
import { countTextTokens } from '../../billing/index.js';
import { LocalUsageCounter, reportedUsage, totalTokens } from './realtime-usage.js';

describe('reportedUsage', () => {
  it('reads the text and audio split of response.done', () => {
    const usage = reportedUsage({
      usage: {
        total_tokens: 180,
        input_tokens: 100,
        output_tokens: 80,
        input_token_details: { text_tokens: 60, audio_tokens: 40, cached_tokens: 20 },
        output_token_details: { text_tokens: 30, audio_tokens: 50 },
      },
    });
    expect(usage).toEqual({
      textInput: 60,
      audioInput: 40,
      textOutput: 30,
      audioOutput: 50,
      cachedInput: 20,
    });
    expect(totalTokens(usage!)).toBe(180);
  });

  it('counts what is not reported as audio as text, and ignores malformed counts', () => {
    expect(reportedUsage({ usage: { input_tokens: 12, output_tokens: 'x' } })).toEqual({
      textInput: 12,
      audioInput: 0,
      textOutput: 0,
      audioOutput: 0,
      cachedInput: 0,
    });
  });

  it('is undefined without usage', () => {
    expect(reportedUsage({ status: 'completed' })).toBeUndefined();
    expect(reportedUsage(undefined)).toBeUndefined();
    expect(reportedUsage({ usage: 'none' })).toBeUndefined();
  });
});

describe('LocalUsageCounter', () => {
  it('counts text with the tokenizer and audio by duration at new-api rates', () => {
    const counter = new LocalUsageCounter('gpt-4o-realtime-preview');
    counter.addInputText('Hello there');
    // One second of PCM16 at 24 kHz in, half a second out.
    counter.addInputAudio(Buffer.alloc(48000).toString('base64'));
    counter.addOutputAudio(Buffer.alloc(24000).toString('base64'));
    counter.addOutputText('General Kenobi');
    expect(counter.usage()).toEqual({
      textInput: countTextTokens('gpt-4o-realtime-preview', 'Hello there'),
      audioInput: Math.ceil(((1 / 60) * 100) / 0.06),
      textOutput: countTextTokens('gpt-4o-realtime-preview', 'General Kenobi'),
      audioOutput: Math.ceil(((0.5 / 60) * 200) / 0.24),
      cachedInput: 0,
    });
    counter.reset();
    expect(totalTokens(counter.usage())).toBe(0);
  });

  it('times G.711 audio at 8 kHz once the session says so', () => {
    const counter = new LocalUsageCounter('gpt-4o-realtime-preview');
    counter.setFormats({ input_audio_format: 'g711_ulaw', output_audio_format: 'g711_alaw' });
    counter.addInputAudio(Buffer.alloc(8000).toString('base64'));
    expect(counter.usage().audioInput).toBe(Math.ceil(((1 / 60) * 100) / 0.06));
  });
});
