import { RelayError } from '../../errors/relay-error.js';
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
  const { status, body } = exchange.format.writeError(relayError, exchange.id);
  const headers: Record<string, string> = {};
  // Refused before its body was read: close the connection rather than take in the rest.
  if (!exchange.request.complete) headers.connection = 'close';
  if (relayError.code === 'server_busy') headers['retry-after'] = '1';
  exchange.sendJson(status, body, headers);
}
