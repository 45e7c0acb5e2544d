import { describe, expect, it } from 'vitest';
import { SensitiveWordCheck } from './sensitive-words.js';

function checkWith(values: Record<string, string | boolean>) {
  let words = String(values.SensitiveWords ?? 'bad word');
  const options = {
    get: () => words,
    getBoolean: (key: string) => values[key] !== false,
  };
  const check = new SensitiveWordCheck(options);
  return {
    refuses(mode: Parameters<SensitiveWordCheck['check']>[0], json: Record<string, unknown>) {
      try {
        check.check(mode, json);
        return undefined;
      } catch (error) {
        return (error as { code: string }).code;
      }
    },
    setWords(next: string) {
      words = next;
    },
  };
}

describe('sensitive-word check', () => {
  it('reads the instructions and input texts of a Responses request', () => {
    const { refuses } = checkWith({});
    expect(refuses('responses', { instructions: 'say a bad word' })).toBe(
      'sensitive_words_detected',
    );
    expect(refuses('responses', { input: 'a bad word' })).toBe('sensitive_words_detected');
    expect(
      refuses('responses', {
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'bad word' }] }],
      }),
    ).toBe('sensitive_words_detected');
    expect(refuses('responses', { input: [{ role: 'user', content: 'fine' }] })).toBeUndefined();
  });

  it('reads the texts a user writes in every mode, never images', () => {
    const { refuses } = checkWith({});
    expect(refuses('completions', { prompt: ['fine', 'a BAD WORD'] })).toBe(
      'sensitive_words_detected',
    );
    expect(refuses('embeddings', { input: [[1, 2], 'bad word'] })).toBe('sensitive_words_detected');
    expect(refuses('moderations', { input: 'bad word' })).toBe('sensitive_words_detected');
    expect(refuses('speech', { input: 'say bad word' })).toBe('invalid_audio_request');
    expect(refuses('images', { prompt: 'bad word' })).toBe('invalid_image_request');
    expect(
      refuses('chat', {
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'bad word' } }] },
        ],
      }),
    ).toBeUndefined();
    expect(refuses('rerank', { query: 'bad word', documents: [] })).toBeUndefined();
  });

  it('follows the switches and the word list as they change', () => {
    const both = checkWith({ CheckSensitiveEnabled: false });
    expect(both.refuses('completions', { prompt: 'bad word' })).toBeUndefined();
    const list = checkWith({});
    expect(list.refuses('completions', { prompt: 'new term' })).toBeUndefined();
    list.setWords('new term\n');
    expect(list.refuses('completions', { prompt: 'a New Term here' })).toBe(
      'sensitive_words_detected',
    );
    list.setWords('\n \n');
    expect(list.refuses('completions', { prompt: 'bad word' })).toBeUndefined();
  });
});
