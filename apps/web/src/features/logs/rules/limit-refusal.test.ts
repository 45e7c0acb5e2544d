import { describe, expect, it } from 'vitest';
import { limitRefusalOf } from './limit-refusal';

describe('limit refusal of a log row', () => {
  it('reads the code of a refusal row only', () => {
    expect(limitRefusalOf('{"limit_refusal":"group.budget_month","x":1}')).toBe(
      'group.budget_month',
    );
    expect(limitRefusalOf('{"limit_refusal":"token.nope"}')).toBeUndefined();
    expect(limitRefusalOf('{"model_ratio":2}')).toBeUndefined();
    expect(limitRefusalOf('limit_refusal')).toBeUndefined();
    expect(limitRefusalOf('')).toBeUndefined();
  });
});
