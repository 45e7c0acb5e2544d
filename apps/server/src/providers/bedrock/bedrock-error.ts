import type { UpstreamError } from '../provider-adaptor.js';
import { parseUpstreamError } from '../upstream-error.js';

/** HTTP statuses AWS documents for the Bedrock runtime's exceptions (lower-camel or Pascal). */
const STATUS_BY_EXCEPTION: Readonly<Record<string, number>> = {
  accessdeniedexception: 403,
  unrecognizedclientexception: 403,
  invalidsignatureexception: 403,
  expiredtokenexception: 403,
  validationexception: 400,
  resourcenotfoundexception: 404,
  modelnotreadyexception: 429,
  throttlingexception: 429,
  servicequotaexceededexception: 429,
  modeltimeoutexception: 408,
  modelerrorexception: 424,
  modelstreamerrorexception: 424,
  internalserverexception: 500,
  serviceunavailableexception: 503,
};

/** The status an exception reported inside an event stream stands for (500 when unknown). */
export function bedrockExceptionStatus(exceptionType: string): number {
  const key = exceptionType.toLowerCase();
  return Object.hasOwn(STATUS_BY_EXCEPTION, key) ? STATUS_BY_EXCEPTION[key]! : 500;
}

/**
 * Reads a Bedrock error answer: AWS sends `{"message": "…"}` (or `Message`) with the exception
 * name in the `x-amzn-errortype` header, which the relay does not pass here, so the type is the
 * generic upstream one and the status tells the rest.
 */
export function parseBedrockError(status: number, body: Buffer): UpstreamError {
  const parsed = parseUpstreamError(status, body);
  if (parsed.type !== 'upstream_error' || parsed.message !== `bad response status code ${status}`) {
    return parsed;
  }
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && 'Message' in value) {
      const message = (value as { Message: unknown }).Message;
      if (typeof message === 'string' && message) return { ...parsed, message };
    }
  } catch {
    // Not JSON: keep the status-based message.
  }
  return parsed;
}
