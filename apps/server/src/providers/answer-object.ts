import { RelayError } from '../errors/relay-error.js';
import type { ZodType } from 'zod';
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

/**
 * The failure of an upstream success answer that lacks the shape its wire schema describes (a
 * 500 that is not local: another channel may answer), named by what was expected, e.g.
 * `a Converse answer`.
 */
export function answerOfUnexpectedShape(expected: string): RelayError {
  return RelayError.upstream(
    500,
    `upstream returned ${expected} of an unexpected shape`,
    'upstream_error',
    'unmarshal_response_body_failed',
  );
}

/** An upstream success answer read with its wire schema; else answerOfUnexpectedShape(expected). */
export function readAnswerAs<T>(schema: ZodType<T>, payload: unknown, expected: string): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw answerOfUnexpectedShape(expected);
  return parsed.data;
}
