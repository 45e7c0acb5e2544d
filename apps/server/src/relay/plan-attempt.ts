import type { ProviderAdaptor, RelayCallInput } from '../providers/provider-adaptor.js';
import { defaultBaseUrl, type ProviderRegistry } from '../providers/registry.js';
import { unsupportedModeError } from '../providers/unsupported-mode-error.js';
import { buildCallInput, toChannelTarget, type RequestFacts } from './build-call-input.js';
import type { CachedChannel } from './channel-cache.js';

/** What one upstream attempt on one channel sends. */
export interface PlannedAttempt {
  adaptor: ProviderAdaptor;
  /** The call as the adaptor receives it: target, credentials, mapped model, body. */
  input: RelayCallInput;
}

/**
 * Plans one attempt of a call on `channel`: its adaptor (a local 400 when the adaptor cannot serve
 * the call's mode), its target and the call input. The relay's failover loop and the channel
 * tester both go through here, so a channel test exercises exactly the request a relayed call
 * would send.
 *
 * `forceStreamOption` is FORCE_STREAM_OPTION: ask for usage in streams where the adaptor can;
 * `passThrough` is global.pass_through_request_enabled (see buildCallInput).
 */
export function planAttempt(
  providers: ProviderRegistry,
  channel: CachedChannel,
  requestFacts: RequestFacts,
  settings: { forceStreamOption: boolean; passThrough: boolean },
): PlannedAttempt {
  // Types without an adaptor throw a local RelayError naming the type.
  const adaptor = providers.getAdaptor(channel.type);
  const facts =
    requestFacts.mode === 'responses' && !adaptor.supports('responses')
      ? responsesAsChat(requestFacts)
      : requestFacts;
  if (!adaptor.supports(facts.mode)) throw unsupportedModeError(facts.mode, channel.type);
  const target = toChannelTarget(channel, defaultBaseUrl(channel.type));
  const input = buildCallInput(facts, channel, target, {
    forceStreamUsage:
      facts.mode !== 'responses' &&
      settings.forceStreamOption &&
      adaptor.supportsStreamOptions(target),
    passThrough: settings.passThrough,
  });
  return { adaptor, input };
}

/**
 * A Responses call for a channel that does not serve the Responses API: the request converted to
 * chat (a local 400 when it cannot be), sent to the chat endpoint.
 */
function responsesAsChat(facts: RequestFacts): RequestFacts {
  if (!facts.parsed.toChat) return facts;
  return { ...facts, mode: 'chat', path: '/v1/chat/completions', parsed: facts.parsed.toChat() };
}
