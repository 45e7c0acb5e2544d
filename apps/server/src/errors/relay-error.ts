/**
 * An error on a relay call, rendered to the client in the OpenAI error shape with `status`.
 *
 * `local` errors are Tollgate's own (bad request, no quota, no channel): they never trigger a
 * retry on another channel and never count against a channel's health. Upstream errors are not
 * local; retry and auto-disable decide on `status`, `type`, `code` and `message` alone.
 */
export class RelayError extends Error {
  /**
   * Upstream response headers a client reads (rate-limit state, `retry-after`, request ids),
   * passed on with the error answer when this error reaches the client.
   */
  upstreamHeaders: Record<string, string> | undefined;

  constructor(
    public readonly status: number,
    message: string,
    public readonly type = 'new_api_error',
    public readonly code = '',
    public readonly local = true,
    public readonly param = '',
  ) {
    super(message);
    this.name = 'RelayError';
  }

  /** A client mistake: 400, local. */
  static badRequest(message: string, code = 'invalid_request'): RelayError {
    return new RelayError(400, message, 'invalid_request_error', code, true);
  }

  /** A request field of the wrong JSON type (a local 400 naming the field as `param`). */
  static wrongFieldType(field: string, expected: string): RelayError {
    return new RelayError(
      400,
      `Invalid request, field ${field} must be ${expected}`,
      'invalid_request_error',
      'invalid_request',
      true,
      field,
    );
  }

  /** A failure reported by (or reaching) the upstream: not local. */
  static upstream(
    status: number,
    message: string,
    type = 'upstream_error',
    code = '',
    param = '',
  ): RelayError {
    return new RelayError(status, message, type, code, false, param);
  }

  toBody(requestId?: string) {
    const message = requestId ? `${this.message} (request id: ${requestId})` : this.message;
    return { error: { message, type: this.type, param: this.param, code: this.code } };
  }
}
