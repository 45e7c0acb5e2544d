import { RelayError } from '../errors/relay-error.js';
import type { UpstreamError } from './provider-adaptor.js';
import {
  parseJsonObject,
  readObject,
  readString,
  readText,
  type JsonObject,
} from './json-guards.js';

/**
 * An error body with an HTTP error status read in a provider's own shape (`readOwn`, given the
 * parsed body; undefined when the body is not in that shape), with the HTTP status; else the
 * standard reading (parseUpstreamError).
 */
export function parseErrorInOwnShape(
  status: number,
  body: Buffer,
  readOwn: (json: JsonObject | undefined) => UpstreamError | undefined,
): UpstreamError {
  const own = readOwn(parseJsonObject(body.toString('utf8')));
  return own ? { ...own, status } : parseUpstreamError(status, body);
}

/**
 * Reads an upstream error body the way the reference does (§5.4):
 * - defaults: type `upstream_error`, code `bad_response_status_code`, param = the status, message
 *   "bad response status code <n>" (also for a body that is not JSON);
 * - an OpenAI-style `error` object with a message replaces all four fields with upstream's own
 *   (Anthropic's `{"type":"error","error":{type,message}}` has the same shape);
 * - otherwise the message is the first non-empty of `message`, `msg`, `err`, `error_msg`,
 *   `header.message`, `response.error.message`, `error` when it is a plain string, or `detail`
 *   when it is a string (FastAPI services such as Jina; not in the reference, which showed the
 *   default message for them).
 */
export function parseUpstreamError(status: number, body: Buffer | string): UpstreamError {
  const fallback: UpstreamError = {
    status,
    message: `bad response status code ${status}`,
    type: 'upstream_error',
    code: 'bad_response_status_code',
    param: String(status),
  };
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const json = parseJsonObject(text);
  if (!json) return fallback;

  const errorObject = readObject(json, 'error');
  if (errorObject) {
    const fromObject = upstreamErrorFromObject(status, errorObject);
    if (fromObject) return fromObject;
  }
  const message = firstMessage(json);
  return message ? { ...fallback, message } : fallback;
}

/**
 * An OpenAI-style error object (`{message, type, code, param}`) as an UpstreamError; undefined
 * when it has no message. A missing type becomes `upstream_error`.
 */
export function upstreamErrorFromObject(
  status: number,
  errorObject: JsonObject,
): UpstreamError | undefined {
  const message = readString(errorObject, 'message');
  if (!message) return undefined;
  return {
    status,
    message,
    type: readString(errorObject, 'type') || 'upstream_error',
    code: readText(errorObject, 'code'),
    param: readText(errorObject, 'param'),
  };
}

/** The RelayError (not local: retry and auto-disable apply) carrying an upstream error. */
export function toRelayError(error: UpstreamError): RelayError {
  return RelayError.upstream(error.status, error.message, error.type, error.code, error.param);
}

function firstMessage(json: JsonObject): string {
  for (const key of ['message', 'msg', 'err', 'error_msg']) {
    const value = readString(json, key);
    if (value) return value;
  }
  const header = readObject(json, 'header');
  const headerMessage = header && readString(header, 'message');
  if (headerMessage) return headerMessage;
  const response = readObject(json, 'response');
  const responseError = response && readObject(response, 'error');
  const responseMessage = responseError && readString(responseError, 'message');
  if (responseMessage) return responseMessage;
  const plainError = json.error;
  if (typeof plainError === 'string' && plainError) return plainError;
  return readString(json, 'detail') ?? '';
}
