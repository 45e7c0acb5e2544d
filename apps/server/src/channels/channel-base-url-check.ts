import { failure } from '../errors/app-error.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { OutboundRefusedError } from '../lib/outbound-guard/outbound-refused-error.js';

/**
 * Who is saving a channel, as far as its base URL goes: root may point a channel anywhere (a
 * self-hosted upstream on the local network); another admin's base URL must be one the outbound
 * guard would reach, or the relay would call internal addresses for them.
 */
export interface ChannelSaveRules {
  /** Set when the caller is not root: the guard that checks a new or changed base URL. */
  outbound?: OutboundGuard;
}

/** Refuses (a console failure) a base URL at an internal address when `rules` ask for the check. */
export async function checkChannelBaseUrl(
  rules: ChannelSaveRules,
  baseUrl: string | null | undefined,
): Promise<void> {
  if (!rules.outbound || !baseUrl) return;
  try {
    await rules.outbound.check(baseUrl);
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      throw failure(`API 地址不可用（仅超级管理员可使用内部地址）：${error.message}`);
    }
    throw error;
  }
}
