import { classifyStandardFailure } from './error-classification.js';
import { unsupportedModeError } from './unsupported-mode-error.js';
import type { ClassifiedFailure, ErrorClassification } from './error-classification.js';
import type {
  ChannelTarget,
  InternalAnswer,
  ProviderAdaptor,
  RelayCallInput,
  RelayMode,
  StreamReader,
  UpstreamError,
  UpstreamRequest,
  WireFormat,
} from './provider-adaptor.js';

/** What a provider family declares once instead of writing `supports` and `parseError`. */
export interface ProviderFamily {
  /** The modes the adaptor serves; absent, the subclass decides in its own `supports`. */
  modes?: readonly RelayMode[];
  /** The family's reader of its error bodies (`parseError`). */
  readError: (status: number, body: Buffer) => UpstreamError;
}

/**
 * What most provider adaptors answer alike, so that an adaptor's file holds only what its family
 * does differently. A subclass declares its family (modes and error reader) to the constructor and
 * writes the conversions (`buildRequest`, `readAnswer`, `createStreamReader`); it overrides a
 * default below only where its upstream differs:
 *
 * - `supports`: the declared modes; `buildRequest` starts with `requireSupportedMode`;
 * - `supportsStreamOptions`: true, the family reports usage in its streams by itself (Tollgate
 *   then asks for nothing and writes the client's usage chunk from what it reports);
 * - `classifyError`: the standard rules (`classifyStandardFailure`).
 */
export abstract class ProviderAdaptorBase implements ProviderAdaptor {
  abstract readonly name: string;
  abstract readonly nativeFormat: WireFormat;

  private readonly modes: ReadonlySet<RelayMode>;
  private readonly readError: ProviderFamily['readError'];

  constructor(family: ProviderFamily) {
    this.modes = new Set(family.modes);
    this.readError = family.readError;
  }

  abstract buildRequest(input: RelayCallInput): UpstreamRequest;
  abstract readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer;
  abstract createStreamReader(input: RelayCallInput): StreamReader;

  supports(mode: RelayMode): boolean {
    return this.modes.has(mode);
  }

  /** Throws the local unsupported-mode error (400/501) for a call in a mode not served. */
  protected requireSupportedMode(input: RelayCallInput): void {
    if (!this.supports(input.mode)) throw unsupportedModeError(input.mode, input.channel.type);
  }

  supportsStreamOptions(_channel: ChannelTarget): boolean {
    return true;
  }

  parseError(status: number, body: Buffer): UpstreamError {
    return this.readError(status, body);
  }

  classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyStandardFailure(failure);
  }
}
