/** What a provider says about one of its failures; failover and automatic disabling decide on it. */
export interface ErrorClassification {
  /** Another channel may succeed where this one failed: try the next one. */
  retryable: boolean;
  /** The channel's credential is unusable: disable the channel (when automatic disabling is on). */
  credentialRejected: boolean;
}

/** The fields of an upstream failure a classification reads. */
export interface ClassifiedFailure {
  status: number;
  type: string;
  code: string;
}

const CREDENTIAL_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const CREDENTIAL_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/**
 * The rules most providers share (reference §3.3 and §5.1): retry on 429, 5xx and 401/403/404,
 * not on a client mistake (400) or a timeout (408, 504, 524); the credential is rejected on a 401
 * or an error code or type that says so. Adaptors adjust what their provider does differently.
 */
export function classifyStandardFailure(failure: ClassifiedFailure): ErrorClassification {
  const { status } = failure;
  const retryable =
    !(status >= 200 && status < 300) &&
    status !== 400 &&
    status !== 408 &&
    status !== 504 &&
    status !== 524;
  const credentialRejected =
    status === 401 || CREDENTIAL_CODES.has(failure.code) || CREDENTIAL_TYPES.has(failure.type);
  return { retryable, credentialRejected };
}
