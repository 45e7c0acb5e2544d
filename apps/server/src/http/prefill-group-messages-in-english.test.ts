import { describe, expect, it } from 'vitest';
import * as rules from '../prefill-groups/prefill-group-rules.js';
import { englishApiMessage } from './api-messages-in-english.js';

describe('prefill group messages in English', () => {
  const messages = Object.entries(rules as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );

  it.each(messages)('%s has an English wording', (_name, message) => {
    const english = englishApiMessage(message);
    expect(english).toBeDefined();
    expect(english).not.toBe(message);
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
