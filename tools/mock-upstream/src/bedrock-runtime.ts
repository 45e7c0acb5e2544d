import { messageReply, plainMessage, streamPlan } from './anthropic-messages.js';
import { awsEventStreamEncoding } from './aws-event-stream.js';
import { namedEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import {
  chunkTextJson,
  completionTokens,
  contentText,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import { anthropicToolCall, splitIntoPieces, type MockToolCall } from './tool-calls.js';

/** The `anthropic_version` Bedrock requires in a Claude body. */
const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** What Bedrock sends when a stream is throttled under `x-mock-error-midstream`. */
const THROTTLING_EVENT = namedEvent(
  'exception',
  JSON.stringify({
    type: 'throttlingException',
    message: 'Too many requests, please wait before trying again.',
  }),
);

/** Bedrock's validation of a Claude InvokeModel body: a version, and no model or stream field. */
function claudeBodyProblem(body: JsonRecord): string | undefined {
  if (body.anthropic_version !== BEDROCK_ANTHROPIC_VERSION) {
    return 'Malformed input request: #: required key [anthropic_version] not found';
  }
  for (const key of ['model', 'stream']) {
    if (key in body) return `Malformed input request: #: extraneous key [${key}] is not permitted`;
  }
  if (typeof body.max_tokens !== 'number') {
    return 'Malformed input request: #: required key [max_tokens] not found';
  }
  const messages = readArray(body, 'messages');
  if (messages === undefined || messages.length === 0) {
    return 'Malformed input request: #: required key [messages] not found';
  }
  return undefined;
}

/** `POST /model/{id}/invoke` and `/invoke-with-response-stream`: Claude's Messages answer. */
export function handleInvoke(context: RouteContext, stream: boolean): void {
  const problem = claudeBodyProblem(context.body);
  if (problem !== undefined) {
    sendProviderError(context, 400, problem);
    return;
  }
  const reply = messageReply(context, context.body);
  if (!stream) {
    sendJson(context, 200, plainMessage(reply));
    return;
  }
  const plan: StreamPlan = { ...streamPlan(reply), errorEvent: THROTTLING_EVENT };
  writeEventStream(context, plan, awsEventStreamEncoding(context, true));
}

interface ConverseReply {
  inputTokens: number;
  outputTokens: number;
  toolCall: MockToolCall | undefined;
  toolUseId: string;
}

/** The tool the mock calls: Converse's toolConfig read as Anthropic tools. */
function converseToolCall(body: JsonRecord): MockToolCall | undefined {
  const toolConfig = readRecord(body, 'toolConfig');
  const tools = (toolConfig && readArray(toolConfig, 'tools')) ?? [];
  const choice = toolConfig && readRecord(toolConfig, 'toolChoice');
  const named = choice && readRecord(choice, 'tool');
  return anthropicToolCall({
    tools: tools.filter(isRecord).map((tool) => {
      const spec = readRecord(tool, 'toolSpec') ?? {};
      return { name: spec.name, input_schema: readRecord(spec, 'inputSchema')?.json };
    }),
    ...(named ? { tool_choice: { type: 'tool', name: readString(named, 'name') } } : {}),
  });
}

function converseUsage(context: RouteContext, reply: ConverseReply): JsonRecord {
  const { cachedTokens, cacheCreationTokens } = context.controls;
  return {
    inputTokens: reply.inputTokens,
    outputTokens: reply.outputTokens,
    totalTokens: reply.inputTokens + reply.outputTokens + cachedTokens + cacheCreationTokens,
    cacheReadInputTokens: cachedTokens,
    cacheWriteInputTokens: cacheCreationTokens,
  };
}

function conversePlan(context: RouteContext, reply: ConverseReply): StreamPlan {
  const { controls } = context;
  const event = (type: string, payload: unknown): string =>
    namedEvent(type, typeof payload === 'string' ? payload : JSON.stringify(payload));
  let head = event('messageStart', { role: 'assistant' });
  const content: string[] = [];
  if (reply.toolCall) {
    head += event('contentBlockStart', {
      contentBlockIndex: 0,
      start: { toolUse: { toolUseId: reply.toolUseId, name: reply.toolCall.name } },
    });
    for (const piece of splitIntoPieces(reply.toolCall.arguments, controls.chunks)) {
      content.push(
        event('contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: piece } } }),
      );
    }
  } else {
    for (let index = 0; index < controls.chunks; index += 1) {
      content.push(
        event(
          'contentBlockDelta',
          `{"contentBlockIndex":0,"delta":{"text":${chunkTextJson(index)}},"p":"abc"}`,
        ),
      );
    }
  }
  let tail =
    event('contentBlockStop', { contentBlockIndex: 0 }) +
    event('messageStop', { stopReason: reply.toolCall ? 'tool_use' : 'end_turn' });
  if (!controls.omitUsage) {
    tail += event('metadata', { usage: converseUsage(context, reply), metrics: { latencyMs: 42 } });
  }
  return {
    head,
    content,
    tail,
    malformedEvent: event('contentBlockDelta', '{"contentBlockIndex":0,"delta":{'),
    errorEvent: THROTTLING_EVENT,
  };
}

/** `POST /model/{id}/converse` and `/converse-stream`: the Converse API's answer. */
export function handleConverse(context: RouteContext, stream: boolean): void {
  const { body, controls } = context;
  const messages = readArray(body, 'messages');
  if (messages === undefined || messages.length === 0) {
    sendProviderError(context, 400, 'The model returned the following errors: messages is empty');
    return;
  }
  const system = readArray(body, 'system') ?? [];
  const toolCall = converseToolCall(body);
  const reply: ConverseReply = {
    inputTokens: promptTokensForCharacters(
      contentText(system).length + messagesCharacters(messages),
    ),
    outputTokens: completionTokens(controls.chunks),
    toolCall,
    toolUseId: toolCall ? context.nextId('tooluse_mock') : '',
  };
  if (stream) {
    writeEventStream(context, conversePlan(context, reply), awsEventStreamEncoding(context, false));
    return;
  }
  const block = toolCall
    ? { toolUse: { toolUseId: reply.toolUseId, name: toolCall.name, input: toolCall.input } }
    : { text: replyText(controls.chunks) };
  const answer: JsonRecord = {
    output: { message: { role: 'assistant', content: [block] } },
    stopReason: toolCall ? 'tool_use' : 'end_turn',
    metrics: { latencyMs: 42 },
  };
  if (!controls.omitUsage) answer.usage = converseUsage(context, reply);
  sendJson(context, 200, answer);
}
