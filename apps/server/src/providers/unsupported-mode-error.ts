import { RelayError } from '../errors/relay-error.js';
import type { RelayMode } from './provider-adaptor.js';

/** The local 400 for a relay mode an adaptor cannot serve. */
export function unsupportedModeError(mode: RelayMode, channelType: number): RelayError {
  return RelayError.badRequest(
    `${mode} requests are not supported by this channel type (${channelType})`,
    'convert_request_failed',
  );
}
