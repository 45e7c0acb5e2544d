import { RelayError } from '../../errors/relay-error.js';
import { englishRelayMessage, prefersChinese } from '../../errors/relay-error-language.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';

/** Renders a relay failure in the client's format (its error shape), unless the answer started. */
export function sendRelayError(exchange: RelayExchange, error: unknown): void {
  const response = exchange.response;
  if (response.headersSent) {
    if (!response.writableEnded) response.end();
    return;
  }
  const relayError =
    error instanceof RelayError
      ? error
      : new RelayError(500, 'internal error', 'new_api_error', 'internal_error', true);
  if (!(error instanceof RelayError))
    exchange.log.error({ err: error, requestId: exchange.id }, 'relay failed');
  const { status, body } = exchange.format.writeError(
    inClientLanguage(exchange, relayError),
    exchange.id,
  );
  const headers: Record<string, string> = { ...relayError.upstreamHeaders };
  // Refused before its body was read: close the connection rather than take in the rest.
  if (!exchange.request.complete) headers.connection = 'close';
  if (relayError.code === 'server_busy') headers['retry-after'] = '1';
  exchange.sendJson(status, body, headers);
}

/**
 * The error in the client's language: the playground (the console) and clients whose
 * `Accept-Language` prefers Chinese get Tollgate's messages as new-api words them; every other
 * client gets them in English. Upstream's own messages pass unchanged.
 */
function inClientLanguage(exchange: RelayExchange, error: RelayError): RelayError {
  if (exchange.path.startsWith('/pg/') || prefersChinese(exchange.headers['accept-language'])) {
    return error;
  }
  const message = englishRelayMessage(error.message);
  if (message === error.message) return error;
  const english = new RelayError(
    error.status,
    message,
    error.type,
    error.code,
    error.local,
    error.param,
  );
  english.upstreamHeaders = error.upstreamHeaders;
  return english;
}
