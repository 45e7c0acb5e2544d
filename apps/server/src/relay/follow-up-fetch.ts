import { RelayError } from '../errors/relay-error.js';
import type { UpstreamFetch } from '../providers/upstream-exchange.js';
import type { RelayCall } from './relay-call-context.js';

/**
 * The follow-up exchanges of a call whose adaptor finishes its answer itself (task polling,
 * result downloads): sent like the attempt's own request (upstream client, channel proxy and
 * timeouts), each registered as the exchange in progress so a client that leaves cancels it.
 */
export function followUpFetch(call: RelayCall, bodyLimit: number): UpstreamFetch {
  return async (request) => {
    if (call.clientGone) {
      throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed');
    }
    const channel = call.lastChannel;
    const upstream = call.services.upstream.send(request, channel?.setting.proxy, channel?.limits);
    call.upstream = upstream;
    try {
      const response = await upstream.started;
      const body = await response.readAll(bodyLimit);
      return {
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? ''),
        body,
      };
    } catch {
      if (call.clientGone) {
        throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed');
      }
      throw RelayError.upstream(500, '请求上游地址失败', 'new_api_error', 'do_request_failed');
    }
  };
}
