import {
  TOKEN_LIMIT_FIELDS,
  TOOL_FIELDS,
  carriedFields,
  type DroppedFields,
} from '../hub/dropped-fields.js';
import type { ChatCall } from '../hub/internal-call.js';
import type { AnthropicRequest } from './anthropic-api-types.js';
import { applyThinkingAdapter, applyThinkingBudget } from './anthropic-thinking-adapter.js';
import { convertMessages } from './convert-anthropic-messages.js';
import { convertToolChoice, convertTools } from './convert-anthropic-tools.js';
import { applyResponseFormat, responseFormatTool } from './convert-response-format.js';

/** Options of the OpenAI → Anthropic request conversion (the `claude.*` options). */
export interface AnthropicRequestOptions {
  /** `claude.default_max_tokens`: per-model max_tokens with a `default` key. */
  defaultMaxTokens: Readonly<Record<string, number>>;
  /** `claude.thinking_adapter_enabled`. */
  thinkingAdapterEnabled: boolean;
  /** `claude.thinking_adapter_budget_tokens_percentage`. */
  thinkingBudgetRatio: number;
}

/**
 * The internal call's fields this conversion carries (stream options: Claude always reports
 * usage); any other set field is reported dropped (n, logprobs, penalties, seed, reasoning_effort…).
 */
const CARRIED_FIELDS = carriedFields(
  TOKEN_LIMIT_FIELDS,
  TOOL_FIELDS,
  'stop',
  'temperature',
  'top_p',
  'top_k',
  'user',
  'parallel_tool_calls',
  'thinking',
  'response_format',
);

/** max_tokens when neither the request nor `claude.default_max_tokens` gives one. */
export const FALLBACK_MAX_TOKENS = 8192;

/**
 * An OpenAI chat request body as an Anthropic Messages request (reference §3.6 "claude"):
 * messages and system (see convertMessages), tools and tool_choice, `stop` → `stop_sequences`,
 * `max_tokens` (or `max_completion_tokens`, else the per-model default), temperature, top_p,
 * top_k, `user` → `metadata.user_id`, a client-sent `thinking` object (else `thinkingBudget`,
 * an exact budget the client's format gave), then the `-thinking` adapter; `response_format` (JSON) becomes a tool Claude is made to call (see
 * convert-response-format.ts). Other OpenAI-only fields (n, logprobs, penalties, seed, …) are
 * dropped (docs/compatibility.md lists them) and named in `dropped`.
 */
export function convertToAnthropicRequest(
  body: ChatCall,
  model: string,
  stream: boolean,
  options: AnthropicRequestOptions,
  thinkingBudget?: number,
  dropped?: DroppedFields,
): AnthropicRequest {
  dropped?.addUnread(body, CARRIED_FIELDS);
  const { system, messages } = convertMessages(body.messages);
  const request: AnthropicRequest = {
    model,
    messages,
    max_tokens: requestedMaxTokens(body) ?? defaultMaxTokens(model, options),
  };
  if (system !== undefined) request.system = system;
  if (stream) request.stream = true;

  const stopSequences = convertStop(body.stop);
  if (stopSequences.length > 0) request.stop_sequences = stopSequences;
  for (const key of ['temperature', 'top_p', 'top_k'] as const) {
    const value = body[key];
    if (typeof value === 'number') request[key] = value;
  }
  if (body.user) request.metadata = { user_id: body.user };

  const tools = convertTools(body.tools, dropped);
  if (tools.length > 0) {
    request.tools = tools;
    const toolChoice = convertToolChoice(body.tool_choice, body.parallel_tool_calls);
    if (toolChoice) request.tool_choice = toolChoice;
  }
  if (body.thinking) request.thinking = body.thinking;
  else if (thinkingBudget !== undefined) applyThinkingBudget(request, thinkingBudget);

  applyThinkingAdapter(request, options.thinkingAdapterEnabled, options.thinkingBudgetRatio);
  const formatTool = responseFormatTool(body);
  if (formatTool) applyResponseFormat(request, formatTool);
  return request;
}

function requestedMaxTokens(body: ChatCall): number | undefined {
  const value = body.max_tokens ?? body.max_completion_tokens;
  return typeof value === 'number' && value > 0 ? Math.floor(value) : undefined;
}

/** max_tokens for a request without one: `claude.default_max_tokens` for the model, else 8192. */
export function defaultMaxTokens(model: string, options: AnthropicRequestOptions): number {
  const table = options.defaultMaxTokens;
  const configured = Object.hasOwn(table, model) ? table[model] : table.default;
  return configured && configured > 0 ? configured : FALLBACK_MAX_TOKENS;
}

function convertStop(stop: ChatCall['stop']): string[] {
  if (typeof stop === 'string') return stop ? [stop] : [];
  return (stop ?? []).filter((value) => value.length > 0);
}
