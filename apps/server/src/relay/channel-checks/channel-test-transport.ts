import type { IncomingHttpHeaders } from 'node:http';
import type {
  ProviderAdaptor,
  RelayCallInput,
  UpstreamRequest,
} from '../../providers/provider-adaptor.js';
import type { RelayServices } from '../relay-services.js';
import { readLimitedBody } from './read-limited-body.js';

/** A test's upstream answer: its head, and its body read once up to a limit. */
export interface TestAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  read(limit: number): Promise<Buffer>;
}

/**
 * Sends the test request through the relay's HTTP client, or through the adaptor's own exchange
 * for a provider reached another way (a websocket); `signal` cancels either.
 */
export async function sendTestRequest(
  relay: RelayServices,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  request: UpstreamRequest,
  signal: AbortSignal,
  proxy: string | undefined,
): Promise<TestAnswer> {
  if (!adaptor.openExchange) {
    const response = await relay.upstream.request(request, signal, proxy);
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      read: async (limit) => (await readLimitedBody(response.body, limit)).bytes,
    };
  }
  const exchange = adaptor.openExchange(input, request, proxy);
  const abort = () => exchange.abort(new Error('channel test cancelled'));
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort, { once: true });
  try {
    await exchange.started;
  } catch (error) {
    signal.removeEventListener('abort', abort);
    throw error;
  }
  return {
    statusCode: exchange.statusCode,
    headers: exchange.headers,
    read: (limit) =>
      exchange.readAll(limit).finally(() => signal.removeEventListener('abort', abort)),
  };
}
