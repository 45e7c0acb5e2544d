import type { IncomingHttpHeaders } from 'node:http';
import type { UpstreamClientType } from '@tollgate/contracts';

/**
 * A reference-only guess of what answered an upstream call, from its response headers: a few
 * header reads, no body parsing, so the relay can afford it on every call. The guess is in this
 * order, first match wins:
 *
 * 1. `go`: a one-api/new-api style forwarder (its own `x-oneapi-*`/`x-new-api-*` headers, or a
 *    server header naming it). A forwarder's own marks win over the provider marks it may copy.
 * 2. `python`: a Python forwarder's server (uvicorn, hypercorn, gunicorn, Werkzeug, daphne).
 * 3. `azure`: Azure's API management and model service headers (apim-request-id, x-ms-region,
 *    azureml-model-session).
 * 4. `openai`: OpenAI's own headers (openai-processing-ms, openai-version, openai-organization),
 *    or its `req_…` request id behind Cloudflare (cf-ray).
 * 5. `openai_uncertain`: an OpenAI-shaped answer (`openAiShaped`: the caller saw OpenAI's wire
 *    format succeed) without any of OpenAI's headers.
 * 6. `unknown`: nothing to go on.
 */
export function classifyUpstream(
  headers: IncomingHttpHeaders,
  openAiShaped: boolean,
): UpstreamClientType {
  const server = headerText(headers.server).toLowerCase();
  if (isGoForwarder(headers, server)) return 'go';
  if (PYTHON_SERVER.test(server)) return 'python';
  if (
    headers['apim-request-id'] !== undefined ||
    headers['x-ms-region'] !== undefined ||
    headers['azureml-model-session'] !== undefined
  ) {
    return 'azure';
  }
  if (
    headers['openai-processing-ms'] !== undefined ||
    headers['openai-version'] !== undefined ||
    headers['openai-organization'] !== undefined ||
    (headers['cf-ray'] !== undefined && OPENAI_REQUEST_ID.test(headerText(headers['x-request-id'])))
  ) {
    return 'openai';
  }
  return openAiShaped ? 'openai_uncertain' : 'unknown';
}

const PYTHON_SERVER = /\b(uvicorn|hypercorn|gunicorn|werkzeug|daphne)\b/;
const GO_SERVER = /\b(one-api|new-api|oneapi|newapi)\b/;
/** OpenAI's request ids: `req_` and 32 hex digits. */
const OPENAI_REQUEST_ID = /^req_[0-9a-f]{32}$/;

function isGoForwarder(headers: IncomingHttpHeaders, server: string): boolean {
  if (
    headers['x-oneapi-request-id'] !== undefined ||
    headers['x-new-api-version'] !== undefined ||
    headers['x-new-api-request-id'] !== undefined
  ) {
    return true;
  }
  return server !== '' && GO_SERVER.test(server);
}

function headerText(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? (value[0] ?? '') : value;
}
