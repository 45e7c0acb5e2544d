import type { IncomingHttpHeaders } from 'node:http';
import type { ChannelTarget, RelayCallInput, RelayMode } from '../providers/provider-adaptor.js';
import type { CachedChannel } from './channel-cache.js';
import type { ParsedRelayBody } from './parse-relay-body.js';
import { checkChatFields } from '../providers/hub/read-chat-call.js';
import { estimatePromptTokens } from '../billing/index.js';

/** The parts of a request that stay the same across retries. */
export interface RequestFacts {
  mode: RelayMode;
  rawBody: Buffer;
  contentType: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  parsed: ParsedRelayBody;
  /** The relay's id of the call (absent for channel tests). */
  requestId?: string;
}

/**
 * The adaptor input for one attempt on one channel: model mapping (one hop, exact name) and the
 * channel's param_override applied to a shallow copy of the body, so the client's body is never
 * changed between retries; `stream_options.include_usage` forced when upstream supports it.
 *
 * `passThrough` (global.pass_through_request_enabled) leaves the body exactly as the client sent
 * it: no mapping, no override, no stream option, so an adaptor of the client's own format
 * forwards the original bytes.
 */
export function buildCallInput(
  facts: RequestFacts,
  channel: CachedChannel,
  target: ChannelTarget,
  options: { forceStreamUsage: boolean; passThrough?: boolean },
): RelayCallInput {
  const { parsed } = facts;
  const passThrough = options.passThrough === true;
  const upstreamModel = passThrough
    ? parsed.model
    : channel.modelMapping[parsed.model] || parsed.model;
  let body = parsed.json;
  let bodyUnchanged = parsed.converted !== true;
  if (body && !passThrough) {
    const forceUsage = parsed.stream && options.forceStreamUsage && !parsed.clientWantsUsage;
    const dropStreamOptions = !parsed.stream && body.stream_options !== undefined;
    const mapped = upstreamModel !== parsed.model || body.model !== parsed.model;
    if (forceUsage || dropStreamOptions || mapped || channel.paramOverride) {
      bodyUnchanged = false;
      const changed: Record<string, unknown> = { ...body, model: upstreamModel };
      if (forceUsage) changed.stream_options = { include_usage: true };
      if (dropStreamOptions) delete changed.stream_options;
      if (channel.paramOverride) {
        Object.assign(changed, channel.paramOverride);
        // What an override sets is checked like the client's fields: a chat body stays a ChatCall.
        if (facts.mode === 'chat') checkChatFields(changed, Object.keys(channel.paramOverride));
      }
      body = changed;
    }
  }
  const native = parsed.native && nativeBody(parsed.native, upstreamModel, channel, passThrough);
  return {
    mode: facts.mode,
    channel: target,
    originalModel: parsed.model,
    upstreamModel,
    body,
    rawBody: facts.rawBody,
    bodyUnchanged: bodyUnchanged && !native,
    contentType: facts.contentType,
    path: facts.path,
    query: facts.query,
    stream: parsed.stream,
    clientWantsUsage: parsed.clientWantsUsage,
    clientHeaders: facts.headers,
    native,
    reasoning: parsed.reasoning,
    droppedFromClient: parsed.dropped,
    requestId: facts.requestId,
    // The same estimate the call's hold was made with (admit-call.ts).
    promptTokensEstimate: estimatePromptTokens(facts.rawBody.length),
  };
}

/** The client's own-format body with the same model mapping and param_override. */
function nativeBody(
  native: NonNullable<ParsedRelayBody['native']>,
  upstreamModel: string,
  channel: CachedChannel,
  passThrough: boolean,
): RelayCallInput['native'] {
  if (passThrough || (native.body.model === upstreamModel && !channel.paramOverride)) {
    return { ...native, unchanged: true };
  }
  const body = { ...native.body, model: upstreamModel };
  if (channel.paramOverride) Object.assign(body, channel.paramOverride);
  return { format: native.format, body, unchanged: false };
}

/** The channel as adaptors see it, with the type's default base URL filled in. */
export function toChannelTarget(channel: CachedChannel, defaultBaseUrl: string): ChannelTarget {
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    key: channel.key,
    baseUrl: channel.baseUrl || defaultBaseUrl,
    other: channel.other,
    organization: channel.organization,
    setting: channel.setting,
  };
}
