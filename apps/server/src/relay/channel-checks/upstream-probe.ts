/**
 * The live half of `GET /api/channel/test_upstream/:id`: one `GET <base>/v1/models` with the
 * channel's key (the model-list path and auth header fetch_models uses), its answer classified
 * and recorded under the group `probe`. The key goes only to the channel's own address; neither
 * it nor the answer's body is ever returned.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { UPSTREAM_PROBE_GROUP, type UpstreamClientType } from '@tollgate/contracts';
import { CHANNEL_NOT_FOUND } from '../../channels/channel-status.js';
import { findChannelWithKey } from '../../channels/channel-repository.js';
import {
  UpstreamModelsError,
  modelListAuthHeaders,
  modelsUrl,
} from '../../channels/fetch-upstream-models.js';
import { primaryKey } from '../../channels/multi-key-info.js';
import { failure } from '../../errors/app-error.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import { parseJsonObject } from '../../providers/json-guards.js';
import type { RelayServices } from '../relay-services.js';
import { discardBody, readLimitedBody } from './read-limited-body.js';

const PROBE_TIMEOUT_MS = 15_000;
const PROBE_BODY_LIMIT = 256 * 1024;

/** How the probe reaches the channel. */
export interface ProbeOptions {
  /**
   * Check the address with the outbound guard first (an admin who is not root): an internal
   * address is refused. Root probes the channel's address as the relay calls it.
   */
  guarded: boolean;
}

/** The probe's outcome: its classification, or why there is none. */
export type ProbeResult =
  | { ok: true; clientType: UpstreamClientType; status: number }
  | { ok: false; message: string };

/** Probes channel `id` and records the answer's classification under `probe`. */
export async function probeChannelUpstream(
  relay: RelayServices,
  id: number,
  options: ProbeOptions,
): Promise<ProbeResult> {
  const row = await findChannelWithKey(relay.db, id);
  if (!row) throw failure(CHANNEL_NOT_FOUND);
  let answer: { status: number; headers: IncomingHttpHeaders; openAiShaped: boolean };
  try {
    const url = modelsUrl(row.type, row.base_url ?? '');
    const headers = {
      accept: 'application/json',
      ...modelListAuthHeaders(row.type, primaryKey(row.key, row.channel_info)),
    };
    answer = await send(relay, url, headers, channelProxy(row.setting), options);
  } catch (error) {
    return { ok: false, message: describeFailure(error) };
  }
  const clientType = relay.upstreamFingerprints.observe(
    id,
    UPSTREAM_PROBE_GROUP,
    answer.headers,
    answer.openAiShaped,
    Date.now(),
  );
  return { ok: true, clientType, status: answer.status };
}

async function send(
  relay: RelayServices,
  url: string,
  headers: Record<string, string>,
  proxy: string | undefined,
  options: ProbeOptions,
) {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  if (options.guarded && proxy === undefined) {
    // The guard dials the address it checked (no DNS rebinding between check and connect).
    const response = await relay.outbound.request(url, {
      headers,
      signal,
      timeoutMs: PROBE_TIMEOUT_MS,
      maxRedirects: 0,
    });
    return { ...(await readAnswer(response.status, response.body)), headers: response.headers };
  }
  // Through the channel's proxy (the proxy dials, so the guard checks the address beforehand).
  if (options.guarded) await relay.outbound.check(url);
  const response = await relay.upstream.request(
    { url, method: 'GET', headers, body: undefined },
    signal,
    proxy,
  );
  return { ...(await readAnswer(response.statusCode, response.body)), headers: response.headers };
}

/** Whether a successful answer is OpenAI's model list shape (`{data: [{id}]}`). */
async function readAnswer(
  status: number,
  body: Parameters<typeof readLimitedBody>[0],
): Promise<{ status: number; openAiShaped: boolean }> {
  if (status >= 400) {
    discardBody(body);
    return { status, openAiShaped: false };
  }
  const { bytes, truncated } = await readLimitedBody(body, PROBE_BODY_LIMIT);
  const json = truncated ? undefined : parseJsonObject(bytes.toString('utf8'));
  const data = json?.data;
  const openAiShaped =
    Array.isArray(data) &&
    data.every((model) => typeof (model as { id?: unknown } | null)?.id === 'string');
  return { status, openAiShaped };
}

function channelProxy(setting: string | null): string | undefined {
  const proxy = parseJsonObject(setting ?? '')?.proxy;
  return typeof proxy === 'string' && proxy.trim() !== '' ? proxy.trim() : undefined;
}

function describeFailure(error: unknown): string {
  if (error instanceof UpstreamModelsError) return error.message;
  const refusal = findOutboundRefusal(error);
  if (refusal) return `API 地址不可用（不允许内部地址）：${refusal.message}`;
  const { name, code, message } = (error ?? {}) as {
    name?: string;
    code?: string;
    message?: string;
  };
  if (name === 'TimeoutError' || code === 'UND_ERR_ABORTED') {
    return `请求上游超时（${PROBE_TIMEOUT_MS / 1000} 秒）`;
  }
  return `无法连接上游：${code ?? message ?? String(error)}`;
}
