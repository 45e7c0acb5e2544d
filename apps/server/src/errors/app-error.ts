/**
 * The one error type services throw. The error handler renders it as the console envelope
 * `{ success: false, message }` with `status` (business failures are HTTP 200, as the console expects).
 */
export class AppError extends Error {
  constructor(
    /** Stable machine-readable code, e.g. `user_not_found`. */
    public readonly code: string,
    message: string,
    /** HTTP status; 200 for business failures the console shows as a message. */
    public readonly status = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Shorthand for a business failure shown to the user (HTTP 200, success false). */
export function failure(message: string, code = 'failure'): AppError {
  return new AppError(code, message, 200);
}
