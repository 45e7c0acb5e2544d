import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prefersEnglishOverChinese } from '../errors/accept-language.js';
import { englishApiMessage } from './api-messages-in-english.js';

/**
 * Answers the console API's messages in the caller's language. Tollgate's console sends its
 * language (`zh` or `en`) as `Accept-Language`; when that prefers English over Chinese, the
 * `message` of an envelope (failures, error toasts, success messages) is given in English for the
 * messages listed in api-messages-in-english.ts. Without the header, or preferring Chinese
 * (new-api's console in a Chinese browser), every message is exactly as before.
 *
 * A preSerialization hook sees every object answer of the scope, the error handler's included,
 * before it is serialised; an answer without a message costs one property read.
 */
export function registerApiMessageLanguage(api: FastifyInstance): void {
  api.addHook('preSerialization', messageInRequestLanguage);
}

function messageInRequestLanguage(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const message = (payload as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message === '') return done(null, payload);
  if (!prefersEnglishOverChinese(request.headers['accept-language'])) return done(null, payload);
  const english = englishApiMessage(message);
  // A copy: the answer object may be shared (a constant envelope).
  done(null, english === message ? payload : { ...(payload as object), message: english });
}
