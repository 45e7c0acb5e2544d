import { RelayError } from '../../errors/relay-error.js';
import type { RelayCaller } from './relay-caller-cache.js';

/** Refuses a call from an address outside the token's allow list (an empty list allows any). */
export function checkCallerIp(caller: RelayCaller, ip: string): void {
  if (caller.allowIps.size > 0 && !caller.allowIps.has(ip)) {
    throw new RelayError(
      403,
      '您的 IP 不在令牌允许访问的列表中',
      'new_api_error',
      'ip_not_allowed',
    );
  }
}
