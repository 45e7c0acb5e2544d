import type { ErrorClassification } from '../providers/error-classification.js';
import type { RelayError } from '../errors/relay-error.js';

/**
 * Whether a failed attempt moves on to another channel (reference §3.3): never for Tollgate's own
 * errors, pinned channels or without attempts left; otherwise as the channel's adaptor classified
 * the failure.
 */
export function shouldRetry(
  error: RelayError,
  classification: ErrorClassification,
  attemptsLeft: number,
  pinned: boolean,
): boolean {
  if (error.local || pinned || attemptsLeft <= 0) return false;
  return classification.retryable;
}

/** Applies a channel's `status_code_mapping` (`{"429":"500"}`) to an upstream status. */
export function mapStatusCode(status: number, mapping: Readonly<Record<string, string>>): number {
  const mapped = mapping[String(status)];
  if (mapped === undefined) return status;
  const value = Number(mapped);
  return Number.isInteger(value) && value >= 100 && value <= 599 ? value : status;
}
