import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../catalogue/catalogue-messages.js';
import { englishApiMessage } from './api-messages-in-english.js';

describe('model catalogue messages in English', () => {
  it.each([
    [CATALOGUE_MESSAGES.modelNameTaken, 'The model name already exists'],
    [CATALOGUE_MESSAGES.vendorNotFound, 'The vendor does not exist'],
    [CATALOGUE_MESSAGES.fieldTooLong('icon', 128), 'icon must not be longer than 128 characters'],
    [
      CATALOGUE_MESSAGES.upstreamFailed('上游响应过大（超过 10 MiB）'),
      'Fetching the official model metadata failed: the answer is larger than 10 MiB',
    ],
    [
      CATALOGUE_MESSAGES.upstreamFailed('上游返回状态码 404（Not Found）'),
      'Fetching the official model metadata failed: the upstream answered 404（Not Found）',
    ],
  ])('%s → English', (chinese, english) => {
    expect(englishApiMessage(chinese)).toBe(english);
  });

  it('has an English wording for every fixed message', () => {
    for (const message of Object.values(CATALOGUE_MESSAGES)) {
      if (typeof message !== 'string') continue;
      expect(englishApiMessage(message), message).not.toBe(message);
    }
  });
});
