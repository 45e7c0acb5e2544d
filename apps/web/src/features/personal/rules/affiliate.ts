/**
 * The invite link a new user registers through: `<base>/register?aff=<code>`. The base is the
 * configured server address (ServerAddress, sent in the status payload as `server_address`) when
 * there is one, else the address the console is open at.
 */
export function inviteLink(
  serverAddress: string | undefined,
  origin: string,
  code: string,
): string {
  const base = (serverAddress?.trim() || origin).replace(/\/+$/, '');
  return `${base}/register?aff=${encodeURIComponent(code)}`;
}

/**
 * The smallest transfer: one unit of quota (QuotaPerUnit, the quota worth one dollar), rounded up
 * to a whole quota amount since the server compares whole amounts against it.
 */
export function minimumTransfer(quotaPerUnit: number): number {
  return Math.ceil(quotaPerUnit);
}

/** Translation keys (namespace `personal`, under `transfer.errors`) of a refused amount. */
export type TransferProblem = 'amountInvalid' | 'belowMinimum' | 'exceedsAvailable';

/**
 * Checks a transfer amount in the server's order: at least one unit (spec part 1 §5), then no
 * more than the pending affiliate quota.
 */
export function checkTransfer(
  amount: number | null,
  minimum: number,
  available: number,
): TransferProblem | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return 'amountInvalid';
  if (amount < minimum) return 'belowMinimum';
  if (amount > available) return 'exceedsAvailable';
  return null;
}

/** The amount the dialog opens with: everything pending when that is enough, else the minimum. */
export function defaultTransferAmount(minimum: number, available: number): number {
  const whole = Math.floor(available);
  return whole >= minimum ? whole : minimum;
}
