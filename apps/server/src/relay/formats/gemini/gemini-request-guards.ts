import { RelayError } from '../../../errors/relay-error.js';

/** A client mistake in a Gemini request: 400 INVALID_ARGUMENT. */
export function invalidArgument(message: string): RelayError {
  return RelayError.badRequest(message, 'invalid_argument');
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
