import { namedEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { FALLBACK_MODEL, MOCK_CREATED } from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import {
  chunkText,
  completionTokens,
  contentText,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import { mockValueFor, splitIntoPieces, type MockToolCall } from './tool-calls.js';

/** Responses the mock made, by id, for the retrieve, delete and input item routes. */
const stored = new Map<string, { response: JsonRecord; input: JsonRecord[] }>();

/** `input` as items: a string is one user message. */
function inputItems(input: unknown): JsonRecord[] {
  if (typeof input === 'string') {
    return [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: input }] }];
  }
  return Array.isArray(input) ? input.filter(isRecord) : [];
}

/** Characters of instructions and of every item's text (message content, call output). */
function promptCharacters(body: JsonRecord, items: JsonRecord[]): number {
  let characters = (readString(body, 'instructions') ?? '').length;
  for (const item of items) {
    characters += contentText(item.content).length;
    if (typeof item.output === 'string') characters += item.output.length;
  }
  return characters;
}

/** The call for a Responses request: the named or first function tool, none for tool_choice none. */
function responsesToolCall(body: JsonRecord): MockToolCall | undefined {
  const tools = (readArray(body, 'tools') ?? []).filter(
    (tool): tool is JsonRecord => isRecord(tool) && tool.type === 'function' && !!tool.name,
  );
  if (tools.length === 0 || body.tool_choice === 'none') return undefined;
  const choice = readRecord(body, 'tool_choice');
  const wanted = choice === undefined ? undefined : readString(choice, 'name');
  const chosen = tools.find((tool) => tool.name === wanted) ?? tools[0];
  const input = mockValueFor(chosen.parameters) as JsonRecord;
  return { name: String(chosen.name), input, arguments: JSON.stringify(input) };
}

function usageOf(context: RouteContext, promptTokens: number): JsonRecord | null {
  const { controls } = context;
  if (controls.omitUsage) return null;
  const output = completionTokens(controls.chunks) + controls.reasoningTokens;
  return {
    input_tokens: promptTokens,
    input_tokens_details: { cached_tokens: controls.cachedTokens },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: controls.reasoningTokens },
    total_tokens: promptTokens + output,
  };
}

function event(type: string, sequence: number, fields: JsonRecord): string {
  return namedEvent(type, JSON.stringify({ type, sequence_number: sequence, ...fields }));
}

/**
 * `POST /v1/responses`: the deterministic reply as one message (or one call to the first function
 * tool), plain or as the Responses event stream (`event:` lines, `sequence_number` on every event,
 * usage on `response.completed`); the Response is kept for the retrieve routes.
 */
export function handleResponses(context: RouteContext): void {
  const { body, controls } = context;
  const items = inputItems(body.input);
  if (items.length === 0 && typeof body.previous_response_id !== 'string') {
    sendProviderError(context, 400, "Missing required parameter: 'input'.", { param: 'input' });
    return;
  }
  if (typeof body.previous_response_id === 'string' && !stored.has(body.previous_response_id)) {
    sendProviderError(
      context,
      400,
      `Previous response with id '${body.previous_response_id}' not found.`,
      { param: 'previous_response_id' },
    );
    return;
  }
  const toolCall = responsesToolCall(body);
  const id = context.nextId('resp_mock');
  const itemId = toolCall ? context.nextId('fc_mock') : context.nextId('msg_mock');
  const callId = toolCall ? context.nextId('call_mock') : '';
  const text = replyText(controls.chunks);
  const finalItem: JsonRecord = toolCall
    ? {
        id: itemId,
        type: 'function_call',
        status: 'completed',
        arguments: toolCall.arguments,
        call_id: callId,
        name: toolCall.name,
      }
    : {
        id: itemId,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
      };
  const base: JsonRecord = {
    id,
    object: 'response',
    created_at: MOCK_CREATED,
    status: 'completed',
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    model: context.model || FALLBACK_MODEL,
    output: [finalItem],
    previous_response_id: body.previous_response_id ?? null,
    tools: body.tools ?? [],
    text: body.text ?? { format: { type: 'text' } },
    usage: usageOf(context, promptTokensForCharacters(promptCharacters(body, items))),
  };
  stored.set(id, { response: base, input: items });
  if (body.stream !== true) {
    sendJson(context, 200, base);
    return;
  }

  let sequence = 0;
  const next = (type: string, fields: JsonRecord): string => event(type, sequence++, fields);
  const pending = { ...base, status: 'in_progress', output: [], usage: null };
  let head =
    next('response.created', { response: pending }) +
    next('response.in_progress', { response: pending });
  const content: string[] = [];
  let tail: string;
  const where = { item_id: itemId, output_index: 0 };
  if (toolCall) {
    head += next('response.output_item.added', {
      output_index: 0,
      item: { ...finalItem, status: 'in_progress', arguments: '' },
    });
    for (const piece of splitIntoPieces(toolCall.arguments, controls.chunks)) {
      content.push(next('response.function_call_arguments.delta', { ...where, delta: piece }));
    }
    tail = next('response.function_call_arguments.done', {
      ...where,
      arguments: toolCall.arguments,
    });
  } else {
    head += next('response.output_item.added', {
      output_index: 0,
      item: { ...finalItem, status: 'in_progress', content: [] },
    });
    head += next('response.content_part.added', {
      ...where,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
    });
    for (let index = 0; index < controls.chunks; index += 1) {
      content.push(
        next('response.output_text.delta', {
          ...where,
          content_index: 0,
          delta: chunkText(index),
          logprobs: [],
        }),
      );
    }
    tail =
      next('response.output_text.done', { ...where, content_index: 0, text, logprobs: [] }) +
      next('response.content_part.done', {
        ...where,
        content_index: 0,
        part: { type: 'output_text', text, annotations: [], logprobs: [] },
      });
  }
  tail += next('response.output_item.done', { output_index: 0, item: finalItem });
  tail += next('response.completed', { response: base });
  const plan: StreamPlan = {
    head,
    content,
    tail,
    malformedEvent: 'event: response.output_text.delta\ndata: {"type":\n\n',
    errorEvent: event('error', sequence, {
      code: 'server_error',
      message: 'The server had an error while processing your request. Sorry about that!',
      param: null,
    }),
  };
  writeEventStream(context, plan);
}

/** The response id of `/responses/{id}` and `/responses/{id}/input_items` paths. */
function responseIdOf(context: RouteContext): string {
  const path = (context.request.url ?? '').split('?')[0];
  const match = /\/responses\/([^/]+)/.exec(path);
  return match ? decodeURIComponent(match[1]) : '';
}

function notFound(context: RouteContext, id: string): void {
  sendProviderError(context, 404, `Response with id '${id}' not found.`, { param: 'response_id' });
}

/** `GET /v1/responses/{id}`. */
export function handleRetrieveResponse(context: RouteContext): void {
  const id = responseIdOf(context);
  const entry = stored.get(id);
  if (!entry) return notFound(context, id);
  sendJson(context, 200, entry.response);
}

/** `DELETE /v1/responses/{id}`. */
export function handleDeleteResponse(context: RouteContext): void {
  const id = responseIdOf(context);
  if (!stored.delete(id)) return notFound(context, id);
  sendJson(context, 200, { id, object: 'response.deleted', deleted: true });
}

/** `GET /v1/responses/{id}/input_items`. */
export function handleResponseInputItems(context: RouteContext): void {
  const id = responseIdOf(context);
  const entry = stored.get(id);
  if (!entry) return notFound(context, id);
  const data = entry.input.map((item, index) => ({ id: `${id}_in${index}`, ...item }));
  sendJson(context, 200, {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null,
    has_more: false,
  });
}
