import { namedEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readNumber, readString, type JsonRecord } from './json-shape.js';
import type { MockControls } from './mock-controls.js';
import { sendProviderError } from './provider-errors.js';
import {
  MOCK_REASONING,
  MOCK_THINKING_SIGNATURE,
  chunkTextJson,
  completionTokens,
  contentText,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import { anthropicToolCall, splitIntoPieces, type MockToolCall } from './tool-calls.js';

/** One planned Messages answer (also what Bedrock's InvokeModel answers for Claude). */
export interface MessageReply {
  id: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  toolCall: MockToolCall | undefined;
  toolUseId: string;
  /** The request asked for extended thinking. */
  thinking: boolean;
  controls: MockControls;
}

/** Input tokens: the characters of `system` and every message's content, / 4 rounded up. */
export function anthropicInputTokens(body: JsonRecord): number {
  const messages = readArray(body, 'messages') ?? [];
  return promptTokensForCharacters(contentText(body.system).length + messagesCharacters(messages));
}

function fullUsage(reply: MessageReply, outputTokens: number): JsonRecord {
  return {
    input_tokens: reply.inputTokens,
    cache_creation_input_tokens: reply.controls.cacheCreationTokens,
    cache_read_input_tokens: reply.controls.cachedTokens,
    cache_creation: {
      ephemeral_5m_input_tokens: reply.controls.cacheCreationTokens,
      ephemeral_1h_input_tokens: 0,
    },
    output_tokens: outputTokens,
    service_tier: 'standard',
  };
}

/** The complete Messages answer. */
export function plainMessage(reply: MessageReply): JsonRecord {
  const reasoning = reply.thinking
    ? [{ type: 'thinking', thinking: MOCK_REASONING, signature: MOCK_THINKING_SIGNATURE }]
    : [];
  const content = reply.toolCall
    ? [
        ...reasoning,
        {
          type: 'tool_use',
          id: reply.toolUseId,
          name: reply.toolCall.name,
          input: reply.toolCall.input,
        },
      ]
    : [...reasoning, { type: 'text', text: replyText(reply.controls.chunks) }];
  const message: JsonRecord = {
    model: reply.model,
    id: reply.id,
    type: 'message',
    role: 'assistant',
    content,
    stop_reason: reply.toolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
  };
  if (!reply.controls.omitUsage) message.usage = fullUsage(reply, reply.outputTokens);
  return message;
}

function event(type: string, data: string): string {
  return namedEvent(type, data);
}

/** message_start, content_block_start, ping, deltas, content_block_stop, message_delta, message_stop. */
export function streamPlan(reply: MessageReply): StreamPlan {
  const { controls, toolCall } = reply;
  const start: JsonRecord = {
    model: reply.model,
    id: reply.id,
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: null,
    stop_sequence: null,
  };
  if (!controls.omitUsage) start.usage = fullUsage(reply, 1);
  const block = toolCall
    ? `{"type":"tool_use","id":${JSON.stringify(reply.toolUseId)},"name":${JSON.stringify(toolCall.name)},"input":{}}`
    : '{"type":"text","text":""}';
  // With thinking, block 0 is the thinking block and the reply is block 1.
  const index = reply.thinking ? 1 : 0;
  let head = event('message_start', `{"type":"message_start","message":${JSON.stringify(start)}}`);
  if (reply.thinking) {
    head +=
      event(
        'content_block_start',
        '{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}',
      ) +
      event(
        'content_block_delta',
        `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":${JSON.stringify(MOCK_REASONING)}}}`,
      ) +
      event(
        'content_block_delta',
        `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"${MOCK_THINKING_SIGNATURE}"}}`,
      ) +
      event('content_block_stop', '{"type":"content_block_stop","index":0}');
  }
  head +=
    event(
      'content_block_start',
      `{"type":"content_block_start","index":${index},"content_block":${block}}`,
    ) + event('ping', '{"type":"ping"}');

  const delta = (deltaJson: string): string =>
    event(
      'content_block_delta',
      `{"type":"content_block_delta","index":${index},"delta":${deltaJson}}`,
    );
  const content: string[] = [];
  if (toolCall) {
    head += delta('{"type":"input_json_delta","partial_json":""}');
    for (const piece of splitIntoPieces(toolCall.arguments, controls.chunks)) {
      content.push(delta(`{"type":"input_json_delta","partial_json":${JSON.stringify(piece)}}`));
    }
  } else {
    for (let index = 0; index < controls.chunks; index += 1) {
      content.push(delta(`{"type":"text_delta","text":${chunkTextJson(index)}}`));
    }
  }

  const stopReason = toolCall ? 'tool_use' : 'end_turn';
  const usage = controls.omitUsage
    ? ''
    : `,"usage":${JSON.stringify({
        input_tokens: reply.inputTokens,
        cache_creation_input_tokens: controls.cacheCreationTokens,
        cache_read_input_tokens: controls.cachedTokens,
        output_tokens: reply.outputTokens,
      })}`;
  const tail =
    event('content_block_stop', `{"type":"content_block_stop","index":${index}}`) +
    event(
      'message_delta',
      `{"type":"message_delta","delta":{"stop_reason":"${stopReason}","stop_sequence":null}${usage}}`,
    ) +
    event('message_stop', '{"type":"message_stop"}');
  return {
    head,
    content,
    tail,
    malformedEvent: event(
      'content_block_delta',
      '{"type":"content_block_delta","index":0,"delta":{',
    ),
    errorEvent: event(
      'error',
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ),
  };
}

function validationProblem(body: JsonRecord): string | undefined {
  if (readString(body, 'model') === undefined) return 'model: Field required';
  if (readNumber(body, 'max_tokens') === undefined) return 'max_tokens: Field required';
  const messages = readArray(body, 'messages');
  if (messages === undefined) return 'messages: Field required';
  if (messages.length === 0) return 'messages: at least one message is required';
  return undefined;
}

/** The deterministic answer to a Messages request body. */
export function messageReply(context: RouteContext, body: JsonRecord): MessageReply {
  const toolCall = anthropicToolCall(body);
  return {
    id: context.nextId('msg_mock'),
    model: context.model,
    inputTokens: anthropicInputTokens(body),
    outputTokens: completionTokens(context.controls.chunks),
    toolCall,
    toolUseId: toolCall ? context.nextId('toolu_mock') : '',
    thinking: isRecord(body.thinking) && body.thinking.type === 'enabled',
    controls: context.controls,
  };
}

/** `POST /v1/messages`: the deterministic reply (or one tool_use block), plain or as events. */
export function handleMessages(context: RouteContext): void {
  const { body } = context;
  const problem = validationProblem(body);
  if (problem !== undefined) {
    sendProviderError(context, 400, problem);
    return;
  }
  const reply = messageReply(context, body);
  if (body.stream === true) writeEventStream(context, streamPlan(reply));
  else sendJson(context, 200, plainMessage(reply));
}

/** `POST /v1/messages/count_tokens`: `{input_tokens}` counted as for /v1/messages. */
export function handleCountTokens(context: RouteContext): void {
  sendJson(context, 200, { input_tokens: anthropicInputTokens(context.body) });
}
