import type { FastifyRequest } from 'fastify';

/**
 * CORS headers for relay routes: any origin (echoed so credentials work), the usual methods and
 * whatever headers the browser asks for (reference §0).
 */
export function corsHeaders(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** Answer to a preflight `OPTIONS` request on a relay path. */
export function preflightHeaders(request: FastifyRequest): Record<string, string> {
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
    'access-control-max-age': '86400',
  };
}
