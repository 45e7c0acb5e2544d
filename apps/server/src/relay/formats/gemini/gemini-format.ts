import type {
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  RelayMode,
} from '../../../providers/provider-adaptor.js';
import type { ParsedRelayBody } from '../../parse-relay-body.js';
import type { InboundFormat } from '../format-spec.js';
import { chatToGeminiAnswer } from './chat-to-gemini-answer.js';
import { writeGeminiError } from './gemini-error.js';
import { GeminiStreamWriter } from './gemini-stream-writer.js';
import { applyThinkingConfig } from './gemini-thinking-config.js';
import { invalidArgument } from './gemini-request-guards.js';
import { geminiRequestTexts } from './gemini-request-texts.js';
import { geminiToChatRequest } from './gemini-to-chat-request.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { readChatCall } from '../../../providers/hub/read-chat-call.js';

/**
 * A Gemini call's JSON body and the route's model, refused as Google refuses them
 * (`INVALID_ARGUMENT`) when the model is missing or the body is not JSON; an empty body is `{}`.
 */
export function parseGeminiBody(
  rawBody: Buffer,
  model: string | undefined,
): { request: unknown; model: string } {
  if (!model) throw invalidArgument('the model is missing from the path');
  try {
    return { request: JSON.parse(rawBody.length === 0 ? '{}' : rawBody.toString('utf8')), model };
  } catch (error) {
    throw invalidArgument(`Invalid JSON payload received. ${(error as Error).message}`);
  }
}

/** Reads a Gemini request body (JSON) for the model named by the route. */
export function readGeminiRequest(
  rawBody: Buffer,
  routeModel: string | undefined,
  stream: boolean,
): ParsedRelayBody {
  const { request, model } = parseGeminiBody(rawBody, routeModel);
  const dropped = new DroppedFields();
  const json = geminiToChatRequest(request, model, stream, dropped);
  const config = (request as { generationConfig?: { thinkingConfig?: unknown } }).generationConfig;
  const reasoning = applyThinkingConfig(json, config?.thinkingConfig);
  // The edge of the internal call: the conversion's result is checked like a client's chat body.
  readChatCall(json);
  return {
    json,
    model,
    stream,
    clientWantsUsage: false,
    maxTokens: typeof json.max_tokens === 'number' ? json.max_tokens : 0,
    reasoning,
    dropped: dropped.list(),
    // A Gemini channel takes the client's own body (the route's model kept beside it, so model
    // mapping applies to it like to any other body).
    native: { format: 'gemini', body: { ...(request as Record<string, unknown>), model } },
  };
}

function writeAnswer(input: RelayCallInput, answer: InternalAnswer): ConvertedResponse {
  return {
    body: JSON.stringify(
      chatToGeminiAnswer(
        answer.completion,
        answer.usage,
        input.upstreamModel,
        input.reasoning?.hidden === true,
      ),
    ),
    contentType: 'application/json; charset=UTF-8',
    usage: answer.usage,
    completionText: answer.completionText,
  };
}

function geminiFormat(stream: boolean): InboundFormat {
  return {
    id: 'gemini',
    readRequest: (_mode: RelayMode, rawBody: Buffer, _contentType: string, routeModel?: string) =>
      readGeminiRequest(rawBody, routeModel, stream),
    // The client's own body: Gemini channels receive it, the others its conversion, made from it.
    requestTexts: (_mode: RelayMode, parsed: ParsedRelayBody) =>
      geminiRequestTexts(parsed.native?.body),
    writeAnswer,
    createStreamWriter: (input, reader) => new GeminiStreamWriter(input, reader),
    writeError: writeGeminiError,
  };
}

/**
 * Gemini's API as clients speak it: `POST /v1beta/models/{model}:generateContent` (this format)
 * and `:streamGenerateContent` (`geminiStreamFormat`; the path, not the body, asks for a stream).
 * Requests are converted to the internal call, answers and streams back to Gemini's shapes,
 * errors in Google's error shape.
 */
export const geminiGenerateFormat: InboundFormat = geminiFormat(false);
export const geminiStreamFormat: InboundFormat = geminiFormat(true);
