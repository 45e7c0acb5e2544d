import { dataEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { mockEmbedding } from './openai-embeddings.js';
import {
  chunkText,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';
import { verifyTencentSignature } from './tencent-signature.js';
import { openAiToolCall, splitIntoPieces, type MockToolCall } from './tool-calls.js';

/**
 * Tencent's Hunyuan API (Tencent Cloud API v3, 2023-09-01): `POST /` with the action in
 * `X-TC-Action`, every call's TC3-HMAC-SHA256 signature checked first. Errors come as Tencent
 * sends them: HTTP 200 with `{"Response": {"Error": {Code, Message}, "RequestId"}}`.
 */

const SERVICE = 'hunyuan';
const VERSION = '2023-09-01';
/** Dimensions of hunyuan-embedding vectors. */
export const HUNYUAN_EMBEDDING_DIMENSIONS = 1024;
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

function requestId(context: RouteContext): string {
  return `mock-tencent-${context.requestId}`;
}

/** A Tencent Cloud API error (HTTP 200). */
export function sendTencentError(context: RouteContext, code: string, message: string): void {
  sendJson(context, 200, {
    Response: { Error: { Code: code, Message: message }, RequestId: requestId(context) },
  });
}

function header(context: RouteContext, name: string): string | undefined {
  const value = context.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Hunyuan's `Tools` as OpenAI tools (Parameters is a JSON string); undefined when malformed. */
function openAiTools(tools: unknown[]): JsonRecord[] | undefined {
  const converted: JsonRecord[] = [];
  for (const tool of tools) {
    const fn = isRecord(tool) ? readRecord(tool, 'Function') : undefined;
    const name = fn && readString(fn, 'Name');
    const parameters = fn && readString(fn, 'Parameters');
    if (!name || parameters === undefined) return undefined;
    let schema: unknown;
    try {
      schema = JSON.parse(parameters);
    } catch {
      return undefined;
    }
    converted.push({ type: 'function', function: { name, parameters: schema } });
  }
  return converted;
}

/** Why `Messages` is refused, or undefined. */
function messagesProblem(messages: unknown[] | undefined): string | undefined {
  if (messages === undefined || messages.length === 0) return 'Messages must not be empty.';
  for (const message of messages) {
    if (!isRecord(message) || !ROLES.has(readString(message, 'Role') ?? '')) {
      return 'Messages.Role must be one of system, user, assistant, tool.';
    }
    const hasContent =
      readString(message, 'Content') !== undefined || readArray(message, 'Contents') !== undefined;
    if (!hasContent && readArray(message, 'ToolCalls') === undefined) {
      return 'Messages.Content must not be empty.';
    }
    if (message.Role === 'tool' && !readString(message, 'ToolCallId')) {
      return 'Messages.ToolCallId is required for tool messages.';
    }
  }
  const last = messages[messages.length - 1] as JsonRecord;
  if (last.Role !== 'user' && last.Role !== 'tool') {
    return 'The last message must be from user or tool.';
  }
  return undefined;
}

function characters(messages: unknown[]): number {
  let count = 0;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    count += (readString(message, 'Content') ?? '').length;
    for (const part of readArray(message, 'Contents') ?? []) {
      if (isRecord(part)) count += (readString(part, 'Text') ?? '').length;
    }
  }
  return count;
}

function usage(prompt: number, completion: number): JsonRecord {
  return { PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion };
}

function hunyuanToolCall(call: MockToolCall, id: string, args: string): JsonRecord {
  return { Id: id, Type: 'function', Index: 0, Function: { Name: call.name, Arguments: args } };
}

function chatPlan(
  context: RouteContext,
  id: string,
  prompt: number,
  call: MockToolCall | undefined,
): StreamPlan {
  const { controls } = context;
  const created = Math.floor(Date.now() / 1000);
  const event = (delta: JsonRecord, finish: string, done: number): string => {
    const fields: JsonRecord = {
      Note: '以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记',
      Choices: [{ Delta: { Role: 'assistant', ...delta }, FinishReason: finish }],
      Created: created,
      Id: id,
    };
    if (!controls.omitUsage) fields.Usage = usage(prompt, done);
    return dataEvent(JSON.stringify(fields));
  };
  const content: string[] = [];
  let total: number;
  if (call) {
    const callId = `call_${id}`;
    const pieces = splitIntoPieces(call.arguments, controls.chunks);
    total = completionTokens(1);
    pieces.forEach((piece, index) => {
      const toolCall = hunyuanToolCall(call, callId, piece);
      if (index > 0) delete (toolCall.Function as JsonRecord).Name;
      content.push(event({ Content: '', ToolCalls: [toolCall] }, '', total));
    });
  } else {
    total = completionTokens(controls.chunks);
    for (let index = 0; index < controls.chunks; index += 1) {
      content.push(event({ Content: chunkText(index) }, '', completionTokens(index + 1)));
    }
  }
  return {
    head: '',
    content,
    tail: event({ Content: '' }, call ? 'tool_calls' : 'stop', total),
    malformedEvent: dataEvent('{"Choices":[{"Delta":'),
    errorEvent: dataEvent(
      JSON.stringify({
        Response: {
          Error: { Code: 'InternalError', Message: 'An internal error occurred.' },
          RequestId: requestId(context),
        },
      }),
    ),
  };
}

/** `ChatCompletions`: the deterministic reply or one tool call, plain or streamed. */
function handleChatCompletions(context: RouteContext): void {
  const { body, controls } = context;
  if (!readString(body, 'Model')) {
    sendTencentError(context, 'MissingParameter', 'The parameter `Model` is required.');
    return;
  }
  const messages = readArray(body, 'Messages');
  const problem = messagesProblem(messages);
  if (problem !== undefined) {
    sendTencentError(context, 'InvalidParameter', problem);
    return;
  }
  const tools = readArray(body, 'Tools');
  const openAi = tools === undefined ? undefined : openAiTools(tools);
  if (tools !== undefined && openAi === undefined) {
    sendTencentError(
      context,
      'InvalidParameterValue',
      'Tools.Function.Parameters must be a JSON string.',
    );
    return;
  }
  const custom = readRecord(body, 'CustomTool');
  const customName = custom && readRecord(custom, 'Function')?.Name;
  const last = messages![messages!.length - 1] as JsonRecord;
  const call =
    openAi === undefined || body.ToolChoice === 'none' || last.Role === 'tool'
      ? undefined
      : openAiToolCall({
          tools: openAi,
          tool_choice:
            body.ToolChoice === 'custom' ? { function: { name: customName } } : undefined,
        });
  const id = context.nextId('mock-hunyuan-');
  const prompt = promptTokensForCharacters(characters(messages!));
  if (body.Stream === true) {
    writeEventStream(context, chatPlan(context, id, prompt, call));
    return;
  }
  const completion = call ? completionTokens(1) : completionTokens(controls.chunks);
  const message: JsonRecord = {
    Role: 'assistant',
    Content: call ? '' : replyText(controls.chunks),
  };
  if (call) message.ToolCalls = [hunyuanToolCall(call, `call_${id}`, call.arguments)];
  const response: JsonRecord = {
    RequestId: requestId(context),
    Note: '以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记',
    Choices: [{ Index: 0, Message: message, FinishReason: call ? 'tool_calls' : 'stop' }],
    Created: Math.floor(Date.now() / 1000),
    Id: id,
  };
  if (!controls.omitUsage) response.Usage = usage(prompt, completion);
  sendJson(context, 200, { Response: response });
}

/** `GetEmbedding`: one hunyuan-embedding vector per `InputList` text (or the single `Input`). */
function handleGetEmbedding(context: RouteContext): void {
  const { body } = context;
  const list = readArray(body, 'InputList');
  const single = readString(body, 'Input');
  const texts = list ?? (single === undefined ? undefined : [single]);
  if (
    texts === undefined ||
    texts.length === 0 ||
    !texts.every((text) => typeof text === 'string' && text.length > 0)
  ) {
    sendTencentError(context, 'InvalidParameter', 'Input or InputList must hold text.');
    return;
  }
  const inputs = texts as string[];
  const prompt = promptTokensForCharacters(inputs.reduce((sum, text) => sum + text.length, 0));
  sendJson(context, 200, {
    Response: {
      Data: inputs.map((text, index) => ({
        Embedding: mockEmbedding(text, HUNYUAN_EMBEDDING_DIMENSIONS),
        Index: index,
        Object: 'embedding',
      })),
      Usage: { PromptTokens: prompt, TotalTokens: prompt },
      RequestId: requestId(context),
    },
  });
}

const ACTIONS: Readonly<Record<string, (context: RouteContext) => void>> = {
  ChatCompletions: handleChatCompletions,
  GetEmbedding: handleGetEmbedding,
};

/** `POST /`: the signature, the version and the action, then the action's handler. */
function handleTencent(context: RouteContext): void {
  const { request } = context;
  const refusal = verifyTencentSignature(
    request.method ?? 'POST',
    request.url ?? '/',
    request.headers,
    context.rawBody,
    SERVICE,
  );
  if (refusal) {
    sendTencentError(context, refusal.code, refusal.message);
    return;
  }
  const action = ACTIONS[header(context, 'x-tc-action') ?? ''];
  if (!action) {
    sendTencentError(context, 'InvalidAction', 'The action is not found (X-TC-Action).');
    return;
  }
  if (header(context, 'x-tc-version') !== VERSION) {
    sendTencentError(context, 'InvalidParameterValue', `X-TC-Version must be ${VERSION}.`);
    return;
  }
  action(context);
}

const TENCENT_ROUTE: Route = { provider: 'tencent', handle: handleTencent };

/** The Tencent route: `POST /` (the only path Tencent Cloud API v3 uses). */
export function findTencentRoute(method: string, path: string): Route | undefined {
  return method === 'POST' && path === '/' ? TENCENT_ROUTE : undefined;
}
