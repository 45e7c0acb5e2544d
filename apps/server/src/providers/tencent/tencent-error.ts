import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import type { UpstreamError } from '../provider-adaptor.js';
import { parseErrorInOwnShape } from '../upstream-error.js';
import { tencentErrorSchema } from './tencent-api-types.js';

/** The error type of Tencent Cloud API errors (their `Code` is kept as the code). */
export const TENCENT_ERROR_TYPE = 'tencent_error';

/** The signature is dated outside Tencent's five minutes: a clock problem, not a bad key. */
const SIGNATURE_EXPIRED = 'AuthFailure.SignatureExpire';

/**
 * A Tencent Cloud API error (`{"Response": {"Error": {Code, Message}}}`, answered with HTTP 200)
 * with the HTTP status its code deserves; undefined when `payload` is not one.
 */
export function tencentError(payload: unknown): UpstreamError | undefined {
  const parsed = tencentErrorSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  const { Code, Message } = parsed.data.Response.Error;
  return {
    status: tencentErrorStatus(Code),
    message: Message || Code,
    type: TENCENT_ERROR_TYPE,
    code: Code,
    param: '',
  };
}

function tencentErrorStatus(code: string): number {
  const [family] = code.split('.');
  if (family === 'AuthFailure') return 401;
  if (family === 'LimitExceeded' || family === 'RequestLimitExceeded') return 429;
  if (
    family === 'InvalidParameter' ||
    family === 'InvalidParameterValue' ||
    family === 'MissingParameter' ||
    family === 'UnknownParameter' ||
    family === 'UnsupportedOperation' ||
    family === 'InvalidAction'
  ) {
    return 400;
  }
  // Unpaid or exhausted account, service not activated or stopped.
  if (family === 'ResourceInsufficient' || family === 'ResourceUnavailable') return 403;
  if (code === 'FailedOperation.ServiceNotActivated' || code === 'FailedOperation.ServiceStop') {
    return 403;
  }
  return 500;
}

/** An error body with an HTTP error status: Tencent's shape, else the standard reading. */
export function parseTencentError(status: number, body: Buffer): UpstreamError {
  return parseErrorInOwnShape(status, body, tencentError);
}

/**
 * The standard rules, with Tencent's codes: every `AuthFailure` but an expired signature rejects
 * the key; an account that cannot pay or has no Hunyuan service (403) too.
 */
export function classifyTencentFailure(failure: ClassifiedFailure): ErrorClassification {
  const standard = classifyStandardFailure(failure);
  if (failure.type !== TENCENT_ERROR_TYPE) return standard;
  if (failure.code === SIGNATURE_EXPIRED) return { retryable: true, credentialRejected: false };
  if (failure.status === 403) return { retryable: true, credentialRejected: true };
  return standard;
}
