import type { RelayExchange } from '../../relay/relay-exchange.js';

/** Routes the gateway knows but does not implement: 501 in the OpenAI error shape. */
const NOT_IMPLEMENTED: ReadonlyArray<[string, RegExp]> = [
  ['POST', /^\/v1\/images\/(edits|variations)$/],
  ['GET', /^\/v1\/files(\/[^/]+(\/content)?)?$/],
  ['POST', /^\/v1\/files$/],
  ['DELETE', /^\/v1\/files\/[^/]+$/],
  ['POST', /^\/v1\/fine-tunes(\/[^/]+\/cancel)?$/],
  ['GET', /^\/v1\/fine-tunes(\/[^/]+(\/events)?)?$/],
  ['DELETE', /^\/v1\/models\/[^/]+$/],
];

const NOT_IMPLEMENTED_BODY = {
  error: {
    message: 'API not implemented',
    type: 'new_api_error',
    param: '',
    code: 'api_not_implemented',
  },
};

/** Answers 501 for a known but unimplemented route; false for any other path. */
export function answerNotImplemented(exchange: RelayExchange): boolean {
  const method = exchange.request.method;
  const known = NOT_IMPLEMENTED.some(
    ([routeMethod, path]) => routeMethod === method && path.test(exchange.path),
  );
  if (!known) return false;
  exchange.sendJson(501, NOT_IMPLEMENTED_BODY);
  return true;
}
