import type { RelayError } from '../../errors/relay-error.js';
import type { UpstreamError } from '../provider-adaptor.js';
import { readObject, readString, readText, type JsonObject } from '../json-guards.js';
import { parseUpstreamError, toRelayError, upstreamErrorFromObject } from '../upstream-error.js';
import { readTypedError } from './openai-api-types.js';

/**
 * Status given to an error that upstream returned inside an HTTP 200 body. The reference keeps
 * 200, which makes clients read an error as a success and rules out a retry; Tollgate answers
 * as a failed upstream call instead.
 */
export const ERROR_IN_SUCCESS_BODY_STATUS = 500;

/** Reads an OpenAI-compatible error body (any status ≥ 400), reference §5.4. */
export function parseOpenAiError(status: number, body: Buffer | string): UpstreamError {
  return parseUpstreamError(status, body);
}

/**
 * The error carried by a 200 body (`{"error": {"type": "…", …}}` with a non-empty type), as an
 * upstream RelayError to throw; undefined when the body is a real success.
 */
export function findErrorInSuccessBody(body: JsonObject): RelayError | undefined {
  const error = readTypedError(body);
  if (!error) return undefined;
  const upstreamError = upstreamErrorFromObject(ERROR_IN_SUCCESS_BODY_STATUS, error) ?? {
    status: ERROR_IN_SUCCESS_BODY_STATUS,
    message: `upstream returned an error of type ${String(error.type)}`,
    type: String(error.type),
    code: '',
    param: '',
  };
  return toRelayError(upstreamError);
}

/**
 * The error an OpenAI-format stream chunk reports (an `error` object and no `choices`), read like
 * an error body with status 500; undefined for an ordinary chunk.
 */
export function streamChunkError(chunk: JsonObject): UpstreamError | undefined {
  const errorObject = readObject(chunk, 'error');
  if (!errorObject || Array.isArray(chunk.choices)) return undefined;
  return (
    upstreamErrorFromObject(500, errorObject) ?? {
      status: 500,
      message: 'upstream stream reported an error',
      type: readString(errorObject, 'type') || 'upstream_error',
      code: readText(errorObject, 'code'),
      param: '',
    }
  );
}
