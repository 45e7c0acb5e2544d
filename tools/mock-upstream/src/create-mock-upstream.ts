import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockTaskStore } from './async-tasks.js';
import { isRecord, readString } from './json-shape.js';
import { resolveControls } from './mock-controls.js';
import type { MultipartForm } from './multipart-form.js';
import { isRealtimePath, MockRealtime } from './openai-realtime.js';
import { isSparkPath, MockSpark } from './spark-chat.js';
import { invalidKeyMessage, sendProviderError, sendStatusFailure } from './provider-errors.js';
import { parseBody, readBody, type ParsedBody } from './request-body.js';
import type { RouteContext } from './route-context.js';
import { findRoute } from './routes.js';
import { verifySigV4, type SigV4Refusal } from './aws-sigv4-check.js';
import { VertexAuthority } from './vertex-auth.js';
import { BaiduAuthority } from './baidu-oauth.js';

/** A request the mock received, kept so a test can assert what the gateway sent upstream. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string, as sent (e.g. `/v1/chat/completions`). */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names, as Node reports them. */
  headers: IncomingHttpHeaders;
  /**
   * Parsed JSON for JSON bodies; the raw text for other (or unparsable) bodies; the byte length
   * for multipart bodies; undefined without a body. For a realtime websocket: the client's
   * events in the order received (parsed JSON, or the raw text of an unparsable one), growing while
   * the connection lasts.
   */
  body: unknown;
  /** Text fields and file sizes of a multipart body. */
  form?: MultipartForm;
}

export interface MockUpstreamOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** A running mock upstream. */
export interface MockUpstream {
  /** `http://host:port`, without a trailing slash and without `/v1`. */
  url: string;
  port: number;
  /** The last 100 requests, oldest first (the same array for the server's lifetime). */
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /**
   * The fake Midjourney-proxy and Suno-API tasks: each report advances a task one step; a prompt
   * with `mock:fail` / `mock:hang` / `mock:refuse` chooses its end, `setOutcome` changes it later.
   */
  tasks: MockTaskStore;
  /** Forgets the recorded requests and tasks, restarts the id counters, drops issued Vertex tokens. */
  reset(): void;
  /**
   * Trusts a Google service account at the mock's token endpoint (`{url}/oauth2/token`, the
   * account's `token_uri` in tests): JWT assertions signed with its key get access tokens.
   */
  trustServiceAccount(clientEmail: string, publicKeySpkiPem: string): void;
  /** Baidu's OAuth server: counts token requests, can revoke the tokens it issued. */
  baidu: BaiduAuthority;
  /** Cancels pending timers, drops open connections and stops listening. */
  close(): Promise<void>;
}

const MAX_RECORDED = 100;

/** The API key that is always refused with a provider-shaped 401. */
export const INVALID_API_KEY = 'sk-invalid';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** True when any key header (Bearer, x-api-key, Azure api-key) carries INVALID_API_KEY. */
function presentsInvalidKey(headers: IncomingHttpHeaders): boolean {
  const authorization = header(headers, 'authorization');
  const bearer = authorization?.replace(/^Bearer\s+/i, '');
  return (
    bearer === INVALID_API_KEY ||
    header(headers, 'x-api-key') === INVALID_API_KEY ||
    header(headers, 'api-key') === INVALID_API_KEY
  );
}

function splitUrl(url: string): { path: string; query: Record<string, string> } {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return { path: url, query: {} };
  return {
    path: url.slice(0, queryStart),
    query: Object.fromEntries(new URLSearchParams(url.slice(queryStart + 1))),
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts a fake OpenAI / Anthropic / Bedrock / Cohere / Baidu / Tencent upstream on plain node:http. Every reply is deterministic and
 * shaped like the provider's; per-request behaviour comes from `x-mock-*` headers or a model
 * suffix (see README.md).
 */
export async function createMockUpstream(options: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const host = options.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const tasks = new MockTaskStore();
  let idCounter = 0;
  let requestCounter = 0;
  let baseUrl = '';
  const vertex = new VertexAuthority();
  const baidu = new BaiduAuthority();

  const nextId = (prefix: string): string => {
    idCounter += 1;
    return prefix + String(idCounter).padStart(6, '0');
  };
  const schedule = (callback: () => void, delayMs: number): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      callback();
    }, delayMs);
    timers.add(timer);
  };

  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    parsed: ParsedBody,
    rawBody: Buffer,
    signatureRefusal: SigV4Refusal | undefined,
    query: Record<string, string>,
  ): void => {
    const method = request.method ?? 'GET';
    const match = findRoute(method, path);
    const body = isRecord(parsed.body) ? parsed.body : {};
    // Bedrock names the model in the path, where its control suffix goes too; Dify names no
    // model, its controls ride on the `user` field.
    const requestedModel =
      match?.route.provider === 'bedrock'
        ? match.deployment
        : match?.route.provider === 'dify'
          ? (readString(body, 'user') ?? parsed.form?.fields.user)
          : (readString(body, 'model') ??
            // Tencent's PascalCase body.
            readString(body, 'Model') ??
            parsed.form?.fields.model ??
            match?.params?.model);
    const resolved = resolveControls(request.headers, requestedModel);
    requestCounter += 1;
    const context: RouteContext = {
      requestId: `req_mock${String(requestCounter).padStart(6, '0')}`,
      request,
      response,
      body,
      rawBody,
      form: parsed.form,
      controls: resolved.controls,
      model: resolved.model ?? match?.deployment ?? '',
      provider: match?.route.provider ?? 'openai',
      baseUrl,
      nextId,
      tasks,
      schedule,
      pathParams: { ...match?.params, ...(resolved.model ? { model: resolved.model } : {}) },
      query,
      bodyText: typeof parsed.body === 'string' ? parsed.body : '',
      vertex,
      baidu,
    };
    const respond = (): void => {
      if (response.destroyed || response.headersSent) return;
      try {
        if (match === undefined) {
          sendProviderError(context, 404, `Unknown request URL: ${method} ${path}.`, {
            code: 'unknown_url',
          });
        } else if (signatureRefusal !== undefined) {
          sendProviderError(context, 403, signatureRefusal.message, {
            type: signatureRefusal.exception,
          });
        } else if (presentsInvalidKey(request.headers)) {
          sendProviderError(context, 401, invalidKeyMessage(context.provider, INVALID_API_KEY));
        } else if (context.controls.status !== undefined) {
          sendStatusFailure(context, context.controls.status);
        } else if (parsed.invalidJson) {
          sendProviderError(context, 400, 'We could not parse the JSON body of your request.');
        } else {
          match.route.handle(context);
        }
      } catch (error) {
        if (response.headersSent) response.destroy();
        else sendProviderError(context, 500, `Mock upstream error: ${String(error)}`);
      }
    };
    if (context.controls.latencyMs > 0) schedule(respond, context.controls.latencyMs);
    else respond();
  };

  const server = createServer((request, response) => {
    // A client that goes away mid-response must not crash the mock.
    response.on('error', () => undefined);
    readBody(request)
      .then(
        (raw) => {
          const parsed = parseBody(raw, header(request.headers, 'content-type'));
          const { path, query } = splitUrl(request.url ?? '/');
          const record: RecordedRequest = {
            method: request.method ?? 'GET',
            path,
            query,
            headers: { ...request.headers },
            body: parsed.body,
          };
          if (parsed.form !== undefined) record.form = parsed.form;
          requests.push(record);
          if (requests.length > MAX_RECORDED) requests.shift();
          // Bedrock calls are SigV4-signed: the signature is checked before anything else.
          const signature =
            findRoute(record.method, path)?.route.provider === 'bedrock'
              ? verifySigV4(request, raw)
              : Promise.resolve(undefined);
          return signature.then((refusal) =>
            answer(request, response, path, parsed, raw, refusal, query),
          );
        },
        () => response.destroy(),
      )
      .catch(() => response.destroy());
  });

  const realtime = new MockRealtime({ nextId, schedule });
  const spark = new MockSpark({ nextId, schedule });
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => undefined);
    const { path, query } = splitUrl(request.url ?? '/');
    if (isSparkPath(path)) {
      const frames: unknown[] = [];
      requests.push({ method: 'GET', path, query, headers: { ...request.headers }, body: frames });
      if (requests.length > MAX_RECORDED) requests.shift();
      spark.upgrade(request, socket, head, path, query, frames);
      return;
    }
    if (!isRealtimePath(path)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const events: unknown[] = [];
    requests.push({ method: 'GET', path, query, headers: { ...request.headers }, body: events });
    if (requests.length > MAX_RECORDED) requests.shift();
    const resolved = resolveControls(request.headers, query.model ?? query.deployment);
    realtime.upgrade(request, socket, head, {
      controls: resolved.controls,
      model: resolved.model ?? '',
      invalidKey: presentsInvalidKey(request.headers),
      events,
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${urlHost(host)}:${port}`;

  return {
    url: baseUrl,
    port,
    requests,
    tasks,
    lastRequest: () => requests[requests.length - 1],
    reset: () => {
      requests.length = 0;
      tasks.reset();
      idCounter = 0;
      requestCounter = 0;
      vertex.reset();
      baidu.reset();
    },
    baidu,
    trustServiceAccount: (clientEmail, publicKeySpkiPem) =>
      vertex.trust(clientEmail, publicKeySpkiPem),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      realtime.close();
      spark.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
