import type { Config } from '../config.js';
import type { OptionStore } from '../options/option-store.js';
import { createProviderRegistry, type ProviderRegistry } from '../providers/registry.js';
import type { SharedTokenStores } from '../providers/access-token-cache.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';

/**
 * The adaptor registry with settings that follow options (read per call; the option store
 * caches parsed JSON, so this is a few map look-ups) and the deployment's configuration;
 * `outbound` fetches the URLs that do not come from a channel's base URL; `accessTokens` shares
 * provider access tokens (Vertex AI, Baidu) between the node's processes when given.
 */
export function createConfiguredProviders(
  options: OptionStore,
  config: Config,
  outbound: OutboundGuard,
  accessTokens?: SharedTokenStores,
): ProviderRegistry {
  return createProviderRegistry({
    outbound,
    accessTokens,
    openAi: { azureDefaultApiVersion: config.azureDefaultApiVersion, openRouterReferer: '' },
    anthropic: () => ({
      defaultMaxTokens: options.getJson('claude.default_max_tokens'),
      thinkingAdapterEnabled: options.getBoolean('claude.thinking_adapter_enabled'),
      thinkingBudgetRatio: options.getNumber('claude.thinking_adapter_budget_tokens_percentage'),
      modelHeaders: options.getJson('claude.model_headers_settings'),
    }),
    cohere: { safetyMode: config.cohereSafetySetting },
    xunfei: { idleTimeoutMs: config.streamingTimeoutSeconds * 1000 },
    dify: { debug: config.difyDebug },
    gemini: () => ({
      safetySettings: options.getJson('gemini.safety_settings'),
      safetyDefault: config.geminiSafetySetting,
      versionSettings: options.getJson('gemini.version_settings'),
      imagineModels: options.getJson('gemini.supported_imagine_models'),
      thinkingAdapterEnabled: options.getBoolean('gemini.thinking_adapter_enabled'),
      thinkingBudgetRatio: options.getNumber('gemini.thinking_adapter_budget_tokens_percentage'),
    }),
  });
}
