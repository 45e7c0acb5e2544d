import { countChatPromptTokens } from '../../../billing/index.js';
import { messagesRequestToInternal } from './messages-request-to-internal.js';
import { parseMessagesJson } from './read-messages-request.js';
import { RelayError } from '../../../errors/relay-error.js';
import { isJsonObject } from '../../../providers/json-guards.js';
import type { RelayCaller } from '../../auth/relay-caller-cache.js';
import { checkModelAllowed } from '../../auth/model-access.js';

/**
 * `POST /v1/messages/count_tokens`: the input tokens of a Claude Messages request (system,
 * messages and tools), counted locally with the token counter that bills calls, on the request's
 * OpenAI chat conversion, so the count is the one the relay would use for a call without usage.
 * Validation as for a call, except that max_tokens is not needed; a token limited to some models
 * may count only for those. Throws a local 400 (403 for a model the token may not use).
 */
export function countMessageTokens(
  rawBody: Buffer,
  caller?: RelayCaller,
): { input_tokens: number } {
  const body = parseMessagesJson(rawBody);
  if (typeof body.model !== 'string' || body.model.trim() === '') {
    throw RelayError.badRequest('model: Field required', 'invalid_request');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw RelayError.badRequest('messages: Field required (a non-empty array)', 'invalid_request');
  }
  if (!body.messages.every(isJsonObject)) {
    throw RelayError.badRequest('messages: must be an array of objects', 'invalid_request');
  }
  const model = body.model.trim();
  if (caller) checkModelAllowed(caller, model);
  const internal = messagesRequestToInternal({ ...body, model, stream: false });
  return { input_tokens: countChatPromptTokens(model, internal.messages, internal.tools) };
}
