import { namedEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readNumber, readString, type JsonRecord } from './json-shape.js';
import { DEFAULT_EMBEDDING_DIMENSIONS, mockEmbedding } from './openai-embeddings.js';
import { sendProviderError } from './provider-errors.js';
import {
  chunkTextJson,
  completionTokens,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { relevanceScore } from './rerank.js';
import { sendJson, type RouteContext } from './route-context.js';
import { openAiToolCall, splitIntoPieces, type MockToolCall } from './tool-calls.js';

/** Tokens of Cohere's own system preamble: counted in `tokens`, never in `billed_units`. */
export const COHERE_PREAMBLE_TOKENS = 500;
/** The tool plan the mock states before it calls a tool. */
export const COHERE_TOOL_PLAN = 'I will call the tool.';

interface ChatReply {
  id: string;
  inputTokens: number;
  outputTokens: number;
  toolCall: MockToolCall | undefined;
  toolCallId: string;
}

function usage(context: RouteContext, reply: ChatReply): JsonRecord {
  return {
    billed_units: { input_tokens: reply.inputTokens, output_tokens: reply.outputTokens },
    tokens: {
      input_tokens: reply.inputTokens + COHERE_PREAMBLE_TOKENS,
      output_tokens: reply.outputTokens,
    },
    cached_tokens: context.controls.cachedTokens,
  };
}

function chatPlan(context: RouteContext, reply: ChatReply): StreamPlan {
  const { controls } = context;
  const event = (type: string, fields: JsonRecord | string): string =>
    namedEvent(type, typeof fields === 'string' ? fields : JSON.stringify({ type, ...fields }));
  let head = event('message-start', {
    id: reply.id,
    delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [] } },
  });
  const content: string[] = [];
  let tail: string;
  const finish = reply.toolCall ? 'TOOL_CALL' : 'COMPLETE';
  if (reply.toolCall) {
    head +=
      event('tool-plan-delta', { delta: { message: { tool_plan: COHERE_TOOL_PLAN } } }) +
      event('tool-call-start', {
        index: 0,
        delta: {
          message: {
            tool_calls: {
              id: reply.toolCallId,
              type: 'function',
              function: { name: reply.toolCall.name, arguments: '' },
            },
          },
        },
      });
    for (const piece of splitIntoPieces(reply.toolCall.arguments, controls.chunks)) {
      content.push(
        event('tool-call-delta', {
          index: 0,
          delta: { message: { tool_calls: { function: { arguments: piece } } } },
        }),
      );
    }
    tail = event('tool-call-end', { index: 0 });
  } else {
    head += event('content-start', {
      index: 0,
      delta: { message: { content: { type: 'text', text: '' } } },
    });
    for (let index = 0; index < controls.chunks; index += 1) {
      content.push(
        event(
          'content-delta',
          `{"type":"content-delta","index":0,"delta":{"message":{"content":{"text":${chunkTextJson(index)}}}}}`,
        ),
      );
    }
    tail = event('content-end', { index: 0 });
  }
  const end: JsonRecord = { finish_reason: finish };
  if (!controls.omitUsage) end.usage = usage(context, reply);
  tail += event('message-end', { delta: end });
  return {
    head,
    content,
    tail,
    malformedEvent: event('content-delta', '{"type":"content-delta","delta":{'),
    // Cohere ends a failed stream without message-end.
    errorEvent: '',
  };
}

/** `POST /v2/chat`: the deterministic reply (or one tool call), plain or as v2 stream events. */
export function handleCohereChat(context: RouteContext): void {
  const { body, controls } = context;
  const messages = readArray(body, 'messages');
  if (readString(body, 'model') === undefined || messages === undefined || messages.length === 0) {
    sendProviderError(
      context,
      400,
      'invalid request: model and a non-empty messages are required.',
    );
    return;
  }
  const toolCall =
    body.tool_choice === 'NONE' ? undefined : openAiToolCall({ ...body, tool_choice: undefined });
  const reply: ChatReply = {
    id: context.nextId('cohere-mock-'),
    inputTokens: promptTokensForCharacters(messagesCharacters(messages)),
    outputTokens: completionTokens(controls.chunks),
    toolCall,
    toolCallId: toolCall ? context.nextId(`${toolCall.name}_mock`) : '',
  };
  if (body.stream === true) {
    writeEventStream(context, chatPlan(context, reply));
    return;
  }
  const message: JsonRecord = toolCall
    ? {
        role: 'assistant',
        tool_plan: COHERE_TOOL_PLAN,
        tool_calls: [
          {
            id: reply.toolCallId,
            type: 'function',
            function: { name: toolCall.name, arguments: toolCall.arguments },
          },
        ],
      }
    : { role: 'assistant', content: [{ type: 'text', text: replyText(controls.chunks) }] };
  const answer: JsonRecord = {
    id: reply.id,
    message,
    finish_reason: toolCall ? 'TOOL_CALL' : 'COMPLETE',
  };
  if (!controls.omitUsage) answer.usage = usage(context, reply);
  sendJson(context, 200, answer);
}

/** `POST /v2/embed`: one mock vector per text, billed by characters / 4. */
export function handleCohereEmbed(context: RouteContext): void {
  const { body } = context;
  const texts = readArray(body, 'texts');
  if (
    texts === undefined ||
    texts.length === 0 ||
    !texts.every((text) => typeof text === 'string')
  ) {
    sendProviderError(context, 400, 'invalid request: texts must be a non-empty array of strings.');
    return;
  }
  if (readString(body, 'input_type') === undefined) {
    sendProviderError(
      context,
      400,
      'invalid request: valid input_type must be provided with the provided model',
    );
    return;
  }
  const types = readArray(body, 'embedding_types') ?? ['float'];
  const dimensions = readNumber(body, 'output_dimension') ?? DEFAULT_EMBEDDING_DIMENSIONS;
  const strings = texts as string[];
  const characters = strings.reduce((sum, text) => sum + text.length, 0);
  const embeddings: JsonRecord = {};
  if (types.includes('float')) {
    embeddings.float = strings.map((text) => mockEmbedding(text, dimensions));
  }
  const meta: JsonRecord = { api_version: { version: '2' } };
  if (!context.controls.omitUsage) {
    meta.billed_units = { input_tokens: promptTokensForCharacters(characters) };
  }
  sendJson(context, 200, {
    id: context.nextId('embed-mock-'),
    texts: strings,
    embeddings,
    meta,
    response_type: 'embeddings_by_type',
  });
}

/** `POST /v2/rerank`: results by relevance, cut to `top_n`, without documents (as v2 answers). */
export function handleCohereRerank(context: RouteContext): void {
  const { body } = context;
  const query = readString(body, 'query');
  const documents = readArray(body, 'documents');
  if (
    query === undefined ||
    documents === undefined ||
    documents.length === 0 ||
    !documents.every((document) => typeof document === 'string' || isRecord(document))
  ) {
    sendProviderError(context, 400, 'invalid request: query and documents are required.');
    return;
  }
  const texts = documents.map((document) =>
    typeof document === 'string' ? document : JSON.stringify(document),
  );
  const ranked = texts
    .map((text, index) => ({ index, relevance_score: relevanceScore(query, text, index) }))
    .sort(
      (left, right) => right.relevance_score - left.relevance_score || left.index - right.index,
    );
  const topN = readNumber(body, 'top_n');
  sendJson(context, 200, {
    id: context.nextId('rerank-mock-'),
    results: topN !== undefined && topN >= 1 ? ranked.slice(0, Math.floor(topN)) : ranked,
    meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } },
  });
}
