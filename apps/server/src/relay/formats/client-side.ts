import type {
  ConvertedResponse,
  ProviderAdaptor,
  RelayCallInput,
  StreamConverter,
  WireFormat,
} from '../../providers/provider-adaptor.js';
import type { InboundFormat } from './format-spec.js';

/**
 * A complete upstream answer for the client: upstream's bytes when the client speaks the
 * provider's native format (pass-through), else read into internal form and written in the
 * client's format.
 */
export function answerForClient(
  format: InboundFormat,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  body: Buffer,
  contentType: string,
): ConvertedResponse {
  if (adaptor.passThroughAnswer && nativeFormatOf(adaptor, input) === format.id) {
    return adaptor.passThroughAnswer(input, body, contentType);
  }
  return format.writeAnswer(input, adaptor.readAnswer(input, body, contentType));
}

/** The client's stream over an upstream event stream, passed through when the formats match. */
export function streamForClient(
  format: InboundFormat,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
): StreamConverter {
  if (adaptor.createPassThroughStream && nativeFormatOf(adaptor, input) === format.id) {
    return adaptor.createPassThroughStream(input);
  }
  return format.createStreamWriter(input, adaptor.createStreamReader(input));
}

/**
 * The format upstream answers this call in: the adaptor's native format, except that a call in
 * mode `responses` reaches only adaptors serving OpenAI's Responses API natively (other channels
 * get the call converted to chat before the attempt).
 */
function nativeFormatOf(adaptor: ProviderAdaptor, input: RelayCallInput): WireFormat {
  return input.mode === 'responses' ? 'openai-responses' : adaptor.nativeFormat;
}
