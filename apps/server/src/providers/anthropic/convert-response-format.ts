import { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import { isFunctionTool, type ChatCall } from '../hub/internal-call.js';
import type { AnthropicRequest, AnthropicTool } from './anthropic-api-types.js';

/** The tool's name when the schema names none (or its name is taken by a client tool). */
const DEFAULT_TOOL_NAME = 'json_response';
/** Anthropic's (and OpenAI's) rule for tool names. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const DEFAULT_DESCRIPTION =
  'Give the final answer by calling this tool: its input is the JSON object the answer must be.';
/**
 * `json_object` names no keys: the tool takes any object, and says that the whole answer goes
 * in it, so the input Claude writes (always an object, as Anthropic's tool inputs are) is the
 * answer itself, whatever keys the conversation asked for.
 */
const ANY_OBJECT_DESCRIPTION =
  'Give your whole final answer by calling this tool. Its input is the complete JSON object ' +
  'the user asked for, with exactly the keys and values the answer needs (any keys are ' +
  'allowed); do not wrap it in another key, and write nothing outside the call.';
const ANY_OBJECT_SCHEMA: JsonObject = { type: 'object', additionalProperties: true };

/**
 * The tool that carries an OpenAI `response_format` (`json_object` or `json_schema`) to an
 * Anthropic channel, which has no such parameter: Claude is made to call it, and the call's input
 * is the JSON answer. Undefined when the request asks for no JSON (`text`, absent). Both the
 * request conversion and the answer readers derive it from the same chat body, so they agree on
 * the name without any state between them.
 */
export function responseFormatTool(body: ChatCall | undefined): AnthropicTool | undefined {
  const format = body?.response_format;
  if (!body || !format) return undefined;
  if (format.type === 'json_object') {
    return {
      name: toolName(undefined, body),
      description: ANY_OBJECT_DESCRIPTION,
      input_schema: { ...ANY_OBJECT_SCHEMA },
    };
  }
  if (format.type !== 'json_schema') return undefined;
  const jsonSchema = format.json_schema;
  const schema = jsonSchema?.schema;
  const inputSchema: JsonObject = schema ? { ...schema } : { type: 'object' };
  if (inputSchema.type === undefined) inputSchema.type = 'object';
  if (inputSchema.type !== 'object') {
    // Anthropic tool inputs are objects; OpenAI's structured outputs require one at the root too.
    throw RelayError.badRequest(
      'response_format.json_schema.schema must describe an object on this channel',
    );
  }
  return {
    name: toolName(jsonSchema?.name, body),
    description: jsonSchema?.description || DEFAULT_DESCRIPTION,
    input_schema: inputSchema,
  };
}

/** The schema's own name when it is a valid tool name no client tool uses. */
function toolName(schemaName: string | undefined, body: ChatCall): string {
  if (!schemaName || !TOOL_NAME.test(schemaName)) return DEFAULT_TOOL_NAME;
  const taken = (body.tools ?? []).some(
    (tool) => isFunctionTool(tool) && tool.function.name === schemaName,
  );
  return taken ? DEFAULT_TOOL_NAME : schemaName;
}

/**
 * Adds the response-format tool to an Anthropic request and makes Claude call it: forced alone
 * (`{type:"tool"}`), or `any` beside the client's own tools when the client let the model choose
 * (`auto`, `required` or nothing), so it either calls one of them or answers in the format. A
 * client's `none` or named tool wins. Anthropic refuses a forced tool with extended thinking:
 * then the choice stays `auto` and the tool's description asks for it.
 */
export function applyResponseFormat(request: AnthropicRequest, tool: AnthropicTool): void {
  const clientTools = request.tools ?? [];
  request.tools = [...clientTools, tool];
  if (request.thinking && request.thinking.type !== 'disabled') {
    if (request.tool_choice === undefined) request.tool_choice = { type: 'auto' };
    return;
  }
  const choice = request.tool_choice;
  if (clientTools.length === 0) {
    request.tool_choice = { type: 'tool', name: tool.name };
  } else if (choice === undefined || choice.type === 'auto' || choice.type === 'any') {
    request.tool_choice = { ...choice, type: 'any' };
  }
}
