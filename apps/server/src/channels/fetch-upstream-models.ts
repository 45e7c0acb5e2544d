/**
 * Asks an upstream which models it serves (`GET {base}/v1/models`), for the channel form's
 * "fetch models" button. The key is sent only to the upstream and never appears in an error, and
 * neither does the upstream's answer to a failed request (only its status): the address may be
 * anyone's, and the console must not become a way to read what it answers.
 */
import { STATUS_CODES } from 'node:http';
import { request } from 'undici';
import { z } from 'zod';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import {
  OutboundBodyTooLarge,
  readOutboundBody,
  type OutboundBodyStream,
} from '../lib/outbound-guard/outbound-body.js';
import { findOutboundRefusal } from '../lib/outbound-guard/outbound-refused-error.js';
import { vendorOf } from '../providers/vendors.js';
import { effectiveBaseUrl } from './channel-types.js';

/** What to ask: the channel type decides the path and the auth header. */
export interface UpstreamModelsTarget {
  type: number;
  /** The channel's own address; '' = the type's default. */
  baseUrl: string;
  /** Only the first line is used (a batch form may hold several keys). */
  key: string;
}

export interface FetchUpstreamModelsOptions {
  /** Whole-request limit; default 15 s. */
  timeoutMs?: number;
  /** Largest accepted body; default 8 MiB. */
  maxBytes?: number;
  /**
   * Fetch through the outbound guard (an address typed by an admin who is not root): internal
   * addresses refused, redirects not followed. Without it the address is called as a channel's
   * base URL is.
   */
  outbound?: OutboundGuard;
}

/** A failure the console can show as is (no stack, no credential). */
export class UpstreamModelsError extends Error {
  override name = 'UpstreamModelsError';
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

const modelListSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string() })),
});

/** The model-list URL for a channel type and address (`/v1/models` unless the vendor says otherwise). */
export function modelsUrl(type: number, baseUrl: string): string {
  const base = effectiveBaseUrl(type, baseUrl);
  if (base === '') throw new UpstreamModelsError('未设置 API 地址');
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    throw new UpstreamModelsError('API 地址无效');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UpstreamModelsError('API 地址无效');
  }
  return `${base}${vendorOf(type)?.modelList?.path ?? '/v1/models'}`;
}

/** The model list's auth header for a channel type (Bearer unless the vendor says otherwise). */
export function modelListAuthHeaders(type: number, key: string): Record<string, string> {
  if (key === '') return {};
  const vendorHeaders = vendorOf(type)?.modelList?.headers;
  return vendorHeaders ? vendorHeaders(key) : { authorization: `Bearer ${key}` };
}

/** The model ids the upstream lists, in its order, without repeats. */
export async function fetchUpstreamModels(
  target: UpstreamModelsTarget,
  options: FetchUpstreamModelsOptions = {},
): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = modelsUrl(target.type, target.baseUrl);
  const key = (target.key.trim().split('\n')[0] ?? '').trim();

  const headers = { accept: 'application/json', ...modelListAuthHeaders(target.type, key) };
  let text: string;
  try {
    const response = await send(url, headers, timeoutMs, options.outbound);
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new UpstreamModelsError(`上游返回状态码 ${statusText(response.statusCode)}`);
    }
    text = await readLimited(response.body, options.maxBytes ?? DEFAULT_MAX_BYTES);
  } catch (error) {
    throw new UpstreamModelsError(describeNetworkError(error, timeoutMs));
  }
  let parsed: z.infer<typeof modelListSchema>;
  try {
    parsed = modelListSchema.parse(JSON.parse(text));
  } catch {
    throw new UpstreamModelsError('上游返回的不是合法的模型列表（需要 {"data": [{"id": ...}]}）');
  }
  const modelId = vendorOf(target.type)?.modelList?.modelId ?? ((listed: string) => listed);
  const ids = parsed.data.map((model) => modelId(model.id));
  return [...new Set(ids.filter((id) => id.trim() !== ''))];
}

/** `401（Unauthorized）`: the status and its standard reason, never the answer's body. */
function statusText(status: number): string {
  const reason = STATUS_CODES[status];
  return reason ? `${status}（${reason}）` : String(status);
}

type ModelsResponse = { statusCode: number; body: Awaited<ReturnType<typeof request>>['body'] };

async function send(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  outbound: OutboundGuard | undefined,
): Promise<ModelsResponse> {
  if (outbound) {
    const answer = await outbound.request(url, { headers, timeoutMs, maxRedirects: 0 });
    return { statusCode: answer.status, body: answer.body };
  }
  return request(url, {
    method: 'GET',
    headers,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** The answer's text, at most `maxBytes` of it (a larger answer is a clear error, not a crash). */
async function readLimited(body: OutboundBodyStream, maxBytes: number): Promise<string> {
  try {
    return (await readOutboundBody(body, maxBytes)).toString('utf8');
  } catch (error) {
    if (!(error instanceof OutboundBodyTooLarge)) throw error;
    throw new UpstreamModelsError(`上游响应过大（超过 ${Math.round(maxBytes / 1024 / 1024)} MiB）`);
  }
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof UpstreamModelsError) return error.message;
  const refusal = findOutboundRefusal(error);
  if (refusal) return `API 地址不可用（不允许内部地址）：${refusal.message}`;
  const { code, name, message } = (error ?? {}) as {
    code?: string;
    name?: string;
    message?: string;
  };
  if (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_ABORTED'
  ) {
    return `请求上游超时（${Math.round(timeoutMs / 1000)} 秒）`;
  }
  if (code === 'ECONNREFUSED') return '无法连接上游：连接被拒绝';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '无法连接上游：域名无法解析';
  return `无法连接上游：${code ?? message ?? String(error)}`;
}
