import { RelayError } from '../errors/relay-error.js';
import { parseJsonObject, type JsonObject } from './json-guards.js';

/** The failure of an upstream success answer that is not a JSON object (new-api's wording). */
export function answerNotAnObject(): RelayError {
  return RelayError.upstream(
    500,
    'upstream returned a response body that is not a JSON object',
    'upstream_error',
    'unmarshal_response_body_failed',
  );
}

/** An upstream success answer as a JSON object; anything else is an upstream failure (500). */
export function readAnswerObject(body: Buffer | string): JsonObject {
  const json = parseJsonObject(typeof body === 'string' ? body : body.toString('utf8'));
  if (!json) throw answerNotAnObject();
  return json;
}
