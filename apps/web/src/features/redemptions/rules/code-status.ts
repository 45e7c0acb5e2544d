import { REDEMPTION_STATUS } from '@tollgate/contracts';

/**
 * What the status switch of a code does (spec part 2 §4): an unused code can be disabled, a
 * disabled one re-enabled (set unused again); a used code cannot be enabled (`next` is null, the
 * action is shown unavailable).
 */
export type StatusToggle =
  | { action: 'disable'; next: typeof REDEMPTION_STATUS.disabled }
  | { action: 'enable'; next: typeof REDEMPTION_STATUS.unused | null };

export function statusToggle(status: number): StatusToggle {
  if (status === REDEMPTION_STATUS.unused) {
    return { action: 'disable', next: REDEMPTION_STATUS.disabled };
  }
  if (status === REDEMPTION_STATUS.disabled) {
    return { action: 'enable', next: REDEMPTION_STATUS.unused };
  }
  return { action: 'enable', next: null };
}

/** Only an unused code can be edited. */
export function canEditCode(status: number): boolean {
  return status === REDEMPTION_STATUS.unused;
}

/** Whether a code can still be redeemed; the list greys out the others. */
export function isRedeemable(status: number): boolean {
  return status === REDEMPTION_STATUS.unused;
}
