import type { OptionKey } from '@tollgate/contracts';
import type { OptionStore } from '../../options/option-store.js';
import type { ChannelHealthBook, HealthSettings } from './channel-health-book.js';

const HEALTH_OPTION_KEYS: ReadonlySet<OptionKey> = new Set<OptionKey>([
  'CircuitBreakerEnabled',
  'CircuitBreakerWindow',
  'CircuitBreakerFailureThreshold',
  'CircuitBreakerRateLimitThreshold',
  'CircuitBreakerCooldownSeconds',
  'CircuitBreakerMaxCooldownSeconds',
  'ChannelHealthWeightingEnabled',
]);

/** The health settings as the options set them now. */
export function readHealthSettings(options: OptionStore): HealthSettings {
  const cooldownMs = Math.max(1, options.getNumber('CircuitBreakerCooldownSeconds')) * 1000;
  return {
    breakerEnabled: options.getBoolean('CircuitBreakerEnabled'),
    weightingEnabled: options.getBoolean('ChannelHealthWeightingEnabled'),
    window: Math.max(1, Math.floor(options.getNumber('CircuitBreakerWindow'))),
    failureThreshold: Math.max(1, options.getNumber('CircuitBreakerFailureThreshold')),
    rateLimitThreshold: Math.max(1, options.getNumber('CircuitBreakerRateLimitThreshold')),
    cooldownMs,
    maxCooldownMs: Math.max(
      cooldownMs,
      options.getNumber('CircuitBreakerMaxCooldownSeconds') * 1000,
    ),
  };
}

/**
 * Keeps the book's settings in step with the options: read once now and again when one of
 * them changes, never per call. Returns a function that stops following.
 */
export function followHealthOptions(book: ChannelHealthBook, options: OptionStore): () => void {
  book.settings = readHealthSettings(options);
  return options.onChange((change) => {
    if (HEALTH_OPTION_KEYS.has(change.key)) book.settings = readHealthSettings(options);
  });
}
