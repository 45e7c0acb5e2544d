import type { RelayExchange } from './relay-exchange.js';

/**
 * Answer headers to a preflight `OPTIONS` request on a relay path: any origin, the usual methods
 * and whatever headers the browser asks for (reference §0).
 */
export function preflightHeaders(exchange: RelayExchange): Record<string, string> {
  return {
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': String(
      exchange.headers['access-control-request-headers'] ?? '*',
    ),
    'access-control-max-age': '86400',
  };
}
