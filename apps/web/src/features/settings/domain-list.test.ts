import { describe, expect, it } from 'vitest';
import { domainListProblem } from './domain-list';

describe('email domain whitelist', () => {
  it('accepts domain names and refuses the rest or repeats', () => {
    expect(domainListProblem(['gmail.com', 'mail.example.co.uk'])).toBeUndefined();
    expect(domainListProblem(['gmail'])).toEqual({
      key: 'validation.domain',
      values: { domain: 'gmail' },
    });
    expect(domainListProblem(['@qq.com'])?.key).toBe('validation.domain');
    expect(domainListProblem(['qq.com', 'QQ.com'])).toEqual({
      key: 'validation.domainRepeated',
      values: { domain: 'QQ.com' },
    });
  });
});
