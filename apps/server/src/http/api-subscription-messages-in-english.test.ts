import { describe, expect, it } from 'vitest';
import * as messages from '../subscriptions/subscription-messages.js';
import { englishApiMessage } from './api-messages-in-english.js';

/** Every message the subscription routes answer with has an English wording. */
describe('subscription messages in English', () => {
  const constants = Object.values(messages as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string',
  );
  const notices = [messages.groupUpgradeNotice('vip'), messages.groupDowngradeNotice('default')];

  it.each([...constants, ...notices])('%s', (message) => {
    const english = englishApiMessage(message);
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the group of a notice', () => {
    expect(englishApiMessage(messages.groupUpgradeNotice('vip'))).toBe(
      "The user's group will be upgraded to vip",
    );
  });
});
