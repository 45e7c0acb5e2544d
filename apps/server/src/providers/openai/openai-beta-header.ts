import type { IncomingHttpHeaders } from 'node:http';

/**
 * Passes the client's `OpenAI-Beta` header on (`assistants=v2`, `responses=…`, `realtime=v1`):
 * OpenAI gates beta behaviour on it, and an SDK that sends it expects that behaviour. OpenAI-style
 * vendors that do not know it ignore it.
 */
export function forwardOpenAiBeta(
  headers: Record<string, string>,
  clientHeaders: IncomingHttpHeaders,
): void {
  const beta = clientHeaders['openai-beta'];
  const value = Array.isArray(beta) ? beta.join(',') : beta;
  if (value) headers['OpenAI-Beta'] = value;
}
