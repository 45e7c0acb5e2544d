/**
 * The client side of the relay's adaptor contract (the provider side is
 * `providers/provider-adaptor.ts`, which describes the internal call and answer both sides share).
 *
 * An inbound format is the wire format a client speaks: OpenAI's API today; Claude Messages,
 * OpenAI Responses and Gemini's API are formats of their own. It reads the client's request into
 * the internal call, and writes internal answers, streams and errors back in its own shape. A
 * format is one folder under `relay/formats/` and one entry in `inbound-formats.ts`.
 *
 *   client ── format.readRequest ──▶ internal call ── provider.buildRequest ──▶ upstream
 *   client ◀── format.writeAnswer / createStreamWriter ── internal answer ◀── provider.read…
 *
 * When the client's format is the provider's native format, the relay skips both conversions
 * and relays upstream's bytes (the provider's pass-through), reading only usage.
 */
import type { RelayError } from '../../errors/relay-error.js';
import type {
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  RelayMode,
  StreamConverter,
  StreamReader,
  WireFormat,
} from '../../providers/provider-adaptor.js';
import type { ParsedRelayBody } from '../parse-relay-body.js';

/** A POST path an inbound format answers on. */
export interface InboundRoute {
  readonly path: string;
  /** The relay mode of calls on the path. */
  readonly mode: RelayMode;
  /** The path only counts the request's tokens (nothing goes upstream). */
  readonly countTokens?: boolean;
}

export interface InboundFormat {
  /** The wire format; equal to a provider's `nativeFormat`, the call passes through. */
  readonly id: WireFormat;
  /**
   * The fixed POST paths the relay front serves with this format (`inbound-formats.ts` collects
   * them). Absent for formats with routes of their own: OpenAI's paths, one per mode, and
   * Gemini's `models/{model}:{method}` paths (`http/relay/gemini-routes.ts`).
   */
  readonly routes?: readonly InboundRoute[];
  /**
   * Reads the client's request body: the fields the relay needs before choosing a channel (model,
   * stream, output limit) and the internal call. Reads lazily where it can: the hot path must not
   * parse what it does not use. Throws a local RelayError (400) for malformed input.
   */
  readRequest(
    mode: RelayMode,
    rawBody: Buffer,
    contentType: string,
    routeModel?: string,
  ): ParsedRelayBody;
  /**
   * Every text of the request that reaches upstream, in whichever shape a channel receives it:
   * prompts and system prompts, message names, tool definitions (names, descriptions, JSON
   * schemas), tool calls and tool results. Never images, audio, files or other encoded data. The
   * sensitive-word check reads these before any channel is chosen, so a format cannot be added
   * without saying what its clients can send.
   */
  requestTexts(mode: RelayMode, parsed: ParsedRelayBody): string[];
  /** A complete internal answer, written for the client. */
  writeAnswer(input: RelayCallInput, answer: InternalAnswer): ConvertedResponse;
  /** The client's stream, written from a provider's internal events. */
  createStreamWriter(input: RelayCallInput, reader: StreamReader): StreamConverter;
  /** The format's error answer: status and body. */
  writeError(error: RelayError, requestId: string): { status: number; body: unknown };
}
