import { REDEMPTION_STATUS } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { canEditCode, isRedeemable, statusToggle } from './code-status';

describe('code status rules', () => {
  it('disable an unused code', () => {
    expect(statusToggle(REDEMPTION_STATUS.unused)).toEqual({ action: 'disable', next: 2 });
  });

  it('re-enable a disabled code', () => {
    expect(statusToggle(REDEMPTION_STATUS.disabled)).toEqual({ action: 'enable', next: 1 });
  });

  it('cannot enable a used code', () => {
    expect(statusToggle(REDEMPTION_STATUS.used)).toEqual({ action: 'enable', next: null });
  });

  it('edit unused codes only', () => {
    expect(canEditCode(REDEMPTION_STATUS.unused)).toBe(true);
    expect(canEditCode(REDEMPTION_STATUS.disabled)).toBe(false);
    expect(canEditCode(REDEMPTION_STATUS.used)).toBe(false);
  });

  it('treat only unused codes as redeemable', () => {
    expect([1, 2, 3, 0].map(isRedeemable)).toEqual([true, false, false, false]);
  });
});
