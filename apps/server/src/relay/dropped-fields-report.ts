import type {
  ProviderAdaptor,
  RelayCallInput,
  UpstreamRequest,
} from '../providers/provider-adaptor.js';
import { droppedFieldsHeader } from '../providers/hub/dropped-fields.js';
import type { RelayCall } from './relay-call-context.js';

/** The response header that lists the client's fields a conversion could not carry. */
export const DROPPED_FIELDS_HEADER = 'x-tollgate-dropped-fields';

/**
 * Says what the client sent that the attempt about to go upstream does not carry: its format's
 * conversion into the internal call (unless the client's own body is sent) and the provider's
 * conversion of it. A debug log line, and the header on the answer — set per attempt, so a retry
 * on another channel replaces it. Nothing is done, or allocated, for a call that drops nothing.
 */
export function reportDroppedFields(
  call: RelayCall,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  request: UpstreamRequest,
): void {
  const value = droppedFieldsHeader(
    request.fromNative ? undefined : input.droppedFromClient,
    request.dropped,
  );
  const response = call.exchange.response;
  if (response.headersSent) return;
  if (value === '') {
    if (response.hasHeader(DROPPED_FIELDS_HEADER)) response.removeHeader(DROPPED_FIELDS_HEADER);
    return;
  }
  call.exchange.log.debug(
    { dropped: value, channelId: input.channel.id, provider: adaptor.name },
    'the conversion for this channel drops fields the client sent',
  );
  response.setHeader(DROPPED_FIELDS_HEADER, value);
}
