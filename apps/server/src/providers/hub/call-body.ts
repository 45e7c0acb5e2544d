import { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import type { ChatCall } from './internal-call.js';

/** The call's JSON body; a local 400 for a call without one (a multipart upload). */
export function requireBody(input: RelayCallInput): JsonObject {
  if (!input.body) throw RelayError.badRequest('the request body must be a JSON object');
  return input.body;
}

/**
 * The internal call of a chat input, typed. Sound because every chat body that reaches a provider
 * was checked by `readChatCall` at the relay's edge: the OpenAI format's reading, each inbound
 * format's conversion, and the keys a channel's param_override set.
 */
export function chatCallOf(input: RelayCallInput): ChatCall {
  return requireBody(input) as unknown as ChatCall;
}
