/**
 * The relying party a passkey ceremony runs as, read from the `passkey.*` options: an empty
 * relying party id or origin list follows ServerAddress (reference §3).
 */
import type { OptionStore } from '../../options/option-store.js';
import { failure } from '../../errors/app-error.js';

export type PasskeyUserVerification = 'preferred' | 'required' | 'discouraged';

export interface PasskeySettings {
  enabled: boolean;
  rpId: string;
  rpName: string;
  /** Origins a ceremony may come from (exact `scheme://host[:port]`). */
  origins: string[];
  userVerification: PasskeyUserVerification;
  /** '' (any), `platform` or `cross-platform`. */
  attachment: '' | 'platform' | 'cross-platform';
}

/** Hosts a browser treats as a secure context over plain HTTP. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(address: string): URL {
  try {
    return new URL(address);
  } catch {
    throw failure('Passkey 配置无效：ServerAddress 不是有效的地址');
  }
}

/** `origins` as configured: a comma list; '' and `[]` mean "ServerAddress's origin". */
function configuredOrigins(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '[]') return [];
  return trimmed
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/**
 * Reads the settings. Plain-HTTP origins other than loopback are dropped unless
 * `passkey.allow_insecure_origin` is on (browsers refuse WebAuthn there anyway).
 */
export function readPasskeySettings(options: OptionStore): PasskeySettings {
  const server = originOf(options.get('ServerAddress') || 'http://localhost:3000');
  const allowInsecure = options.getBoolean('passkey.allow_insecure_origin');
  const listed = configuredOrigins(options.get('passkey.origins'));
  const origins = (listed.length > 0 ? listed : [server.origin]).filter((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!url) return false;
    return url.protocol === 'https:' || allowInsecure || LOOPBACK_HOSTS.has(url.hostname);
  });
  const verification = options.get('passkey.user_verification');
  const attachment = options.get('passkey.attachment_preference');
  return {
    enabled: options.getBoolean('passkey.enabled'),
    rpId: options.get('passkey.rp_id').trim() || server.hostname,
    rpName:
      options.get('passkey.rp_display_name').trim() || options.get('SystemName') || 'Tollgate',
    origins,
    userVerification:
      verification === 'required' || verification === 'discouraged' ? verification : 'preferred',
    attachment: attachment === 'platform' || attachment === 'cross-platform' ? attachment : '',
  };
}

/** The settings of a ceremony about to run: passkeys on and at least one usable origin. */
export function requirePasskeySettings(options: OptionStore): PasskeySettings {
  const settings = readPasskeySettings(options);
  if (!settings.enabled) throw failure('管理员未启用 Passkey 登录');
  if (settings.origins.length === 0) throw failure('Passkey 配置无效：没有可用的 HTTPS 来源');
  return settings;
}
