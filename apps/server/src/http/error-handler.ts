import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { fail, openAiError } from './envelope.js';

/** Relay paths answer in the OpenAI error shape; console paths in the envelope. */
export function isRelayPath(url: string): boolean {
  return /^\/(v1|pg|mj|suno|dashboard)(\/|$|\?)/.test(url) || /^\/[^/]+\/mj\//.test(url);
}

/**
 * Renders every error: AppError with its status, request errors (bad JSON, oversized or wrongly
 * typed bodies) as 4xx with a clear message, and anything unexpected as a 500 whose body never
 * carries a stack trace or internal detail (those go to the log with the request id).
 */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const relay = isRelayPath(request.url);
  if (error instanceof AppError) {
    return reply
      .status(error.status)
      .send(relay ? openAiError(error.message, 'new_api_error', error.code) : fail(error.message));
  }

  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = clientErrorMessage(fastifyError);
    if (relay) {
      return reply
        .status(status)
        .send(openAiError(message, 'invalid_request_error', fastifyError.code ?? ''));
    }
    // The console shows only the message of a 200 answer (new-api answers bad input that way);
    // authentication, missing routes, a stalled body, size and rate keep their statuses.
    const kept = [401, 403, 404, 408, 413, 429].includes(status);
    return reply.status(kept ? status : 200).send(fail(message));
  }

  request.log.error({ err: error }, 'unhandled error');
  const message = `服务器内部错误，请联系管理员 (request id: ${request.id})`;
  return reply
    .status(500)
    .send(relay ? openAiError(message, 'new_api_panic', 'internal_error') : fail(message));
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求参数有误：无效的 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求体过大';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的 Content-Type';
    default:
      return error.message || '请求参数有误';
  }
}
