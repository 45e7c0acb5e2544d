import { dataEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, type JsonRecord } from './json-shape.js';
import {
  FALLBACK_MODEL,
  MOCK_CREATED,
  OPENAI_MALFORMED_DATA,
  OPENAI_STREAM_ERROR,
  SYSTEM_FINGERPRINT,
  openAiChatUsage,
  type OpenAiChatUsage,
} from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import {
  MOCK_REASONING,
  chunkTextJson,
  completionTokens,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import { openAiToolCall, splitIntoPieces, type MockToolCall } from './tool-calls.js';

interface ChatReply {
  id: string;
  model: string;
  toolCall: MockToolCall | undefined;
  toolCallId: string;
  usage: OpenAiChatUsage | undefined;
  /** The request set a reasoning_effort other than none/minimal. */
  reasoning: boolean;
}

function plainCompletion(reply: ChatReply, chunks: number): JsonRecord {
  const message: JsonRecord = reply.toolCall
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: reply.toolCallId,
            type: 'function',
            function: { name: reply.toolCall.name, arguments: reply.toolCall.arguments },
          },
        ],
        refusal: null,
        annotations: [],
      }
    : { role: 'assistant', content: replyText(chunks), refusal: null, annotations: [] };
  const completion: JsonRecord = {
    id: reply.id,
    object: 'chat.completion',
    created: MOCK_CREATED,
    model: reply.model,
    choices: [
      { index: 0, message, logprobs: null, finish_reason: reply.toolCall ? 'tool_calls' : 'stop' },
    ],
  };
  if (reply.reasoning) message.reasoning_content = MOCK_REASONING;
  if (reply.usage) completion.usage = reply.usage;
  completion.service_tier = 'default';
  completion.system_fingerprint = SYSTEM_FINGERPRINT;
  return completion;
}

function choice(delta: string, finishReason: string | null): string {
  const finish = finishReason === null ? 'null' : `"${finishReason}"`;
  return `{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}`;
}

/** Pre-serialised chunks: only the id, model and content differ between requests. */
function streamPlan(reply: ChatReply, chunks: number, includeUsage: boolean): StreamPlan {
  const prefix =
    `{"id":${JSON.stringify(reply.id)},"object":"chat.completion.chunk","created":${MOCK_CREATED},` +
    `"model":${JSON.stringify(reply.model)},"system_fingerprint":"${SYSTEM_FINGERPRINT}","choices":[`;
  const suffix = includeUsage ? '],"usage":null}' : ']}';
  const chunk = (choiceJson: string): string => dataEvent(prefix + choiceJson + suffix);

  const content: string[] = [];
  let head: string;
  const reasoning = reply.reasoning
    ? chunk(choice(`{"reasoning_content":${JSON.stringify(MOCK_REASONING)}}`, null))
    : '';
  if (reply.toolCall) {
    const call = `{"index":0,"id":${JSON.stringify(reply.toolCallId)},"type":"function","function":{"name":${JSON.stringify(reply.toolCall.name)},"arguments":""}}`;
    head = chunk(
      choice(`{"role":"assistant","content":null,"tool_calls":[${call}],"refusal":null}`, null),
    );
    head = reasoning
      ? chunk(choice('{"role":"assistant","content":null}', null)) + reasoning + head
      : head;
    for (const piece of splitIntoPieces(reply.toolCall.arguments, chunks)) {
      const delta = `{"tool_calls":[{"index":0,"function":{"arguments":${JSON.stringify(piece)}}}]}`;
      content.push(chunk(choice(delta, null)));
    }
  } else {
    head = chunk(choice('{"role":"assistant","content":"","refusal":null}', null)) + reasoning;
    for (let index = 0; index < chunks; index += 1) {
      content.push(chunk(choice(`{"content":${chunkTextJson(index)}}`, null)));
    }
  }
  let tail = chunk(choice('{}', reply.toolCall ? 'tool_calls' : 'stop'));
  if (includeUsage && reply.usage) {
    tail += dataEvent(`${prefix}],"usage":${JSON.stringify(reply.usage)}}`);
  }
  tail += 'data: [DONE]\n\n';
  return {
    head,
    content,
    tail,
    malformedEvent: dataEvent(OPENAI_MALFORMED_DATA),
    errorEvent: dataEvent(OPENAI_STREAM_ERROR),
  };
}

/**
 * `POST /v1/chat/completions`: the deterministic reply (or one call to the first tool), plain or
 * streamed; a stream ends with a usage chunk only under `stream_options.include_usage`.
 */
export function handleChatCompletions(context: RouteContext): void {
  const { body, controls } = context;
  const messages = readArray(body, 'messages');
  if (messages === undefined || messages.length === 0) {
    sendProviderError(context, 400, "'messages' must be a non-empty array.", { param: 'messages' });
    return;
  }
  const promptTokens = promptTokensForCharacters(messagesCharacters(messages));
  const toolCall = openAiToolCall(body);
  const reply: ChatReply = {
    id: context.nextId('chatcmpl-mock'),
    model: context.model || FALLBACK_MODEL,
    toolCall,
    toolCallId: toolCall ? context.nextId('call_mock') : '',
    reasoning:
      typeof body.reasoning_effort === 'string' &&
      body.reasoning_effort !== 'none' &&
      body.reasoning_effort !== 'minimal',
    usage: controls.omitUsage
      ? undefined
      : openAiChatUsage(promptTokens, completionTokens(controls.chunks), controls),
  };
  if (body.stream === true) {
    const options = body.stream_options;
    const includeUsage = isRecord(options) && options.include_usage === true;
    writeEventStream(context, streamPlan(reply, controls.chunks, includeUsage));
  } else {
    sendJson(context, 200, plainCompletion(reply, controls.chunks));
  }
}
