import { countChatPromptTokens, countCompletionTokens, countTextTokens } from '../billing/index.js';
import type { Config } from '../config.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import { vendorOf } from '../providers/vendors.js';
import type { Usage } from '../providers/usage.js';
import type { RequestFacts } from './build-call-input.js';

/** What counting a call's usage locally reads from it (and the count it keeps). */
export interface UsageCallFacts {
  mode: RelayMode;
  model: string;
  facts: RequestFacts;
  firstResponseAt: number | undefined;
  localPromptTokens: number | undefined;
  isStream: boolean;
  /** The channel of the last attempt (its type decides whether images are measured). */
  lastChannel: { type: number } | undefined;
  services: { config: Pick<Config, 'mediaTokens'> };
}

/**
 * Whether a local prompt count measures `data:` images (reference §4.9): `GET_MEDIA_TOKEN` on,
 * and for a call that does not stream `GET_MEDIA_TOKEN_NOT_STREAM` too, on a channel other than
 * Gemini, Vertex AI and Anthropic. Otherwise images are estimated.
 */
export function measuresImageTokens(
  mediaTokens: Config['mediaTokens'],
  isStream: boolean,
  channelType: number | undefined,
): boolean {
  if (!mediaTokens.enabled || (!isStream && !mediaTokens.notStream)) return false;
  return channelType === undefined || vendorOf(channelType)?.estimatesImageTokens !== true;
}

/** Prompt tokens counted locally from the request (kept on the call). */
export function localPromptTokens(call: UsageCallFacts): number {
  if (call.localPromptTokens !== undefined) return call.localPromptTokens;
  const body = call.facts.parsed.json ?? {};
  let count = 0;
  if (call.mode === 'chat') {
    count = countChatPromptTokens(call.model, body.messages, body.tools, {
      measureImages: measuresImageTokens(
        call.services.config.mediaTokens,
        call.isStream,
        call.lastChannel?.type,
      ),
    });
  } else if (call.mode === 'edits') {
    // The instruction and the text it edits are both read by the model.
    const parts = [body.instruction, body.input].filter((part) => typeof part === 'string');
    count = countTextTokens(call.model, parts.join('\n'));
  } else {
    const input = body.prompt ?? body.input ?? body.query ?? '';
    const text = Array.isArray(input)
      ? input.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('\n')
      : String(input);
    count = countTextTokens(call.model, text);
  }
  call.localPromptTokens = count;
  return count;
}

/**
 * The usage to bill: upstream's report when it gave one, completed locally where it is missing
 * (no report at all, or a broken stream that never reported output tokens). A call on which
 * upstream delivered nothing costs nothing.
 */
export function finalUsage(
  call: UsageCallFacts,
  reported: Usage | undefined,
  completionText: string,
  toolCallCount: number,
  broken: boolean,
): Usage {
  const produced = completionText !== '' || toolCallCount > 0;
  const hasReport = reported !== undefined && reported.promptTokens + reported.completionTokens > 0;
  const outputMissing = reported === undefined || (reported.completionTokens === 0 && broken);
  if (hasReport && !(outputMissing && produced)) return reported;
  // Upstream answered nothing at all (no event, no report): nothing is charged.
  if (!hasReport && call.firstResponseAt === undefined) {
    return {
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    };
  }
  return {
    promptTokens:
      reported && reported.promptTokens > 0 ? reported.promptTokens : localPromptTokens(call),
    completionTokens:
      reported && reported.completionTokens > 0
        ? reported.completionTokens
        : produced
          ? countCompletionTokens(call.model, completionText, toolCallCount)
          : 0,
    cachedTokens: reported?.cachedTokens ?? 0,
    cacheCreationTokens: reported?.cacheCreationTokens ?? 0,
    reasoningTokens: reported?.reasoningTokens ?? 0,
  };
}
