import { writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { mockEmbedding, DEFAULT_EMBEDDING_DIMENSIONS } from './openai-embeddings.js';
import { MOCK_PNG_BASE64 } from './openai-images.js';
import { sendProviderError } from './provider-errors.js';
import {
  MOCK_REASONING,
  MOCK_THINKING_SIGNATURE,
  chunkText,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import { mockValueFor } from './tool-calls.js';

/** A prompt containing this text is blocked for safety (no candidates, `promptFeedback`). */
export const MOCK_BLOCKED_PROMPT = 'MOCK_BLOCKED';

/** The text of every part of Gemini `contents` and a `systemInstruction`. */
function requestText(body: JsonRecord): string {
  let text = '';
  const addParts = (content: unknown): void => {
    if (!isRecord(content)) return;
    for (const part of readArray(content, 'parts') ?? []) {
      if (isRecord(part) && typeof part.text === 'string') text += part.text;
    }
  };
  for (const content of readArray(body, 'contents') ?? []) addParts(content);
  addParts(body.systemInstruction);
  return text;
}

/** The function the mock calls: the allowed one, else the first declared; none under NONE. */
function geminiToolCall(body: JsonRecord): { name: string; args: unknown } | undefined {
  const config = readRecord(readRecord(body, 'toolConfig') ?? {}, 'functionCallingConfig');
  if (config?.mode === 'NONE') return undefined;
  const declarations = (readArray(body, 'tools') ?? [])
    .filter(isRecord)
    .flatMap((tool) => readArray(tool, 'functionDeclarations') ?? [])
    .filter(isRecord);
  if (declarations.length === 0) return undefined;
  const allowed = readArray(config ?? {}, 'allowedFunctionNames')?.[0];
  const chosen = declarations.find((item) => item.name === allowed) ?? declarations[0];
  return { name: readString(chosen, 'name') ?? '', args: mockValueFor(chosen.parameters ?? {}) };
}

interface GeminiReply {
  model: string;
  responseId: string;
  promptTokens: number;
  toolCall: { name: string; args: unknown } | undefined;
  thinking: boolean;
  context: RouteContext;
}

function usageMetadata(reply: GeminiReply, candidates: number): JsonRecord | undefined {
  const { controls } = reply.context;
  if (controls.omitUsage) return undefined;
  const thoughts = controls.reasoningTokens;
  const usage: JsonRecord = {
    promptTokenCount: reply.promptTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: reply.promptTokens + candidates + thoughts,
  };
  if (thoughts > 0) usage.thoughtsTokenCount = thoughts;
  if (controls.cachedTokens > 0) usage.cachedContentTokenCount = controls.cachedTokens;
  return usage;
}

function response(reply: GeminiReply, parts: JsonRecord[], finish: boolean, candidates: number) {
  const candidate: JsonRecord = { content: { parts, role: 'model' }, index: 0 };
  if (finish) candidate.finishReason = 'STOP';
  const answer: JsonRecord = { candidates: [candidate] };
  const usage = usageMetadata(reply, candidates);
  if (usage) answer.usageMetadata = usage;
  answer.modelVersion = reply.model;
  answer.responseId = reply.responseId;
  return answer;
}

function functionCallPart(reply: GeminiReply): JsonRecord {
  const call = reply.toolCall as { name: string; args: unknown };
  return {
    functionCall: { name: call.name, args: call.args },
    thoughtSignature: MOCK_THINKING_SIGNATURE,
  };
}

const sse = (value: unknown): string => `data: ${JSON.stringify(value)}\r\n\r\n`;

function streamPlan(reply: GeminiReply): StreamPlan {
  const { controls } = reply.context;
  const total = completionTokens(controls.chunks);
  const head = reply.thinking
    ? sse(response(reply, [{ text: MOCK_REASONING, thought: true }], false, 0))
    : '';
  const content: string[] = [];
  if (reply.toolCall) {
    // Gemini sends a call whole; the other chunks carry nothing but the growing usage.
    for (let index = 0; index < controls.chunks; index += 1) {
      const parts = index === 0 ? [functionCallPart(reply)] : [{ text: '' }];
      content.push(sse(response(reply, parts, false, total)));
    }
  } else {
    for (let index = 0; index < controls.chunks; index += 1) {
      const sofar = completionTokens(index + 1);
      content.push(sse(response(reply, [{ text: chunkText(index) }], false, sofar)));
    }
  }
  return {
    head,
    content,
    tail: sse(response(reply, [{ text: '' }], true, total)),
    malformedEvent: 'data: {"candidates":[{\r\n\r\n',
    errorEvent: sse({
      error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
    }),
  };
}

/**
 * `POST /{version}/models/{model}:generateContent` and `:streamGenerateContent?alt=sse` (and
 * Vertex AI's publishers/google models): the deterministic reply, or a function call when tools
 * are declared, with `usageMetadata` (prompt = characters / 4; thoughts and cached tokens from
 * the controls); a thought part first when `thinkingConfig.includeThoughts` is set.
 */
export function handleGenerateContent(context: RouteContext, stream: boolean): void {
  const { body } = context;
  const contents = readArray(body, 'contents');
  if (contents === undefined || contents.length === 0) {
    sendProviderError(context, 400, '* GenerateContentRequest.contents: contents is not specified');
    return;
  }
  if (body.model !== undefined) {
    sendProviderError(
      context,
      400,
      'Invalid JSON payload received. Unknown name "model": Cannot find field.',
    );
    return;
  }
  const text = requestText(body);
  const promptTokens = promptTokensForCharacters(text.length);
  const model = context.pathParams.model ?? context.model;
  if (text.includes(MOCK_BLOCKED_PROMPT)) {
    sendJson(context, 200, {
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
      modelVersion: model,
    });
    return;
  }
  const thinkingConfig = readRecord(readRecord(body, 'generationConfig') ?? {}, 'thinkingConfig');
  const reply: GeminiReply = {
    model,
    responseId: context.nextId('resp_mock'),
    promptTokens,
    toolCall: geminiToolCall(body),
    thinking: thinkingConfig?.includeThoughts === true,
    context,
  };
  if (stream) {
    if (context.query.alt !== 'sse') {
      sendProviderError(context, 400, 'The mock streams only with alt=sse.');
      return;
    }
    writeEventStream(context, streamPlan(reply));
    return;
  }
  const parts: JsonRecord[] = reply.thinking ? [{ text: MOCK_REASONING, thought: true }] : [];
  parts.push(
    reply.toolCall ? functionCallPart(reply) : { text: replyText(context.controls.chunks) },
  );
  sendJson(context, 200, response(reply, parts, true, completionTokens(context.controls.chunks)));
}

function embedding(request: unknown): { values: number[] } {
  const record = isRecord(request) ? request : {};
  const text = requestText({ contents: [record.content] });
  const dimensions =
    typeof record.outputDimensionality === 'number'
      ? record.outputDimensionality
      : DEFAULT_EMBEDDING_DIMENSIONS;
  return { values: mockEmbedding(text, dimensions) };
}

/** `:embedContent` and `:batchEmbedContents`: the mock's deterministic vectors (no usage). */
export function handleEmbedContent(context: RouteContext, batch: boolean): void {
  const { body } = context;
  if (!batch) {
    if (!isRecord(body.content)) {
      sendProviderError(context, 400, '* EmbedContentRequest.content: content is not specified');
      return;
    }
    sendJson(context, 200, { embedding: embedding(body) });
    return;
  }
  const requests = readArray(body, 'requests');
  if (requests === undefined || requests.length === 0) {
    sendProviderError(
      context,
      400,
      '* BatchEmbedContentsRequest.requests: requests is not specified',
    );
    return;
  }
  sendJson(context, 200, { embeddings: requests.map(embedding) });
}

/**
 * `:predict` (Imagen): `parameters.sampleCount` images (max 4) of the mock's 1×1 PNG; a prompt
 * containing MOCK_BLOCKED gets every image withheld by the safety filter.
 */
export function handleImagenPredict(context: RouteContext): void {
  const instance = (readArray(context.body, 'instances') ?? [])[0];
  const prompt = isRecord(instance) ? readString(instance, 'prompt') : undefined;
  if (!prompt) {
    sendProviderError(context, 400, '* instances[0].prompt: prompt is required');
    return;
  }
  const parameters = readRecord(context.body, 'parameters') ?? {};
  const count = typeof parameters.sampleCount === 'number' ? parameters.sampleCount : 1;
  const blocked = prompt.includes(MOCK_BLOCKED_PROMPT);
  const predictions = Array.from({ length: Math.min(Math.max(1, count), 4) }, () =>
    blocked
      ? { raiFilteredReason: 'Unable to show generated images.' }
      : { bytesBase64Encoded: MOCK_PNG_BASE64, mimeType: 'image/png' },
  );
  sendJson(context, 200, { predictions });
}
