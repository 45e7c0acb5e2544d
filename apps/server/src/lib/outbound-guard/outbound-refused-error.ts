/**
 * The outbound guard refused a URL: not http(s), an internal address (literal, resolved, or
 * reached by a redirect), or too many redirects. The message says which address and why
 * ("169.254.169.254 is a link-local address"); callers turn it into their own error shape.
 */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  /** Lets callers that see the error wrapped (a connect failure) still recognise it. */
  readonly code = 'ERR_OUTBOUND_REFUSED';

  constructor(
    message: string,
    /** The refused IP address, when an address was the reason. */
    readonly address?: string,
  ) {
    super(message);
  }
}

/** The guard's refusal in `error` or its `cause` chain (undici and fetch wrap connect errors). */
export function findOutboundRefusal(error: unknown): OutboundRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
    current = current.cause;
  }
  return undefined;
}
