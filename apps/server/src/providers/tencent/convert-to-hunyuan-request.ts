import { messageText } from '../hub/message-text.js';
import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readNumber, readString, type JsonObject } from '../json-guards.js';
import { embeddingInputs } from '../embeddings.js';

/**
 * OpenAI chat requests as Hunyuan `ChatCompletions` bodies (PascalCase fields):
 * - messages → `Messages[{Role, Content}]`; text parts joined; image parts make the message a
 *   `Contents` list (`{Type: "text", Text}` / `{Type: "image_url", ImageUrl: {Url}}`);
 *   `developer` is sent as `system`; assistant `tool_calls` → `ToolCalls`, tool results →
 *   `Role: "tool"` with `ToolCallId`;
 * - `temperature` → `Temperature`, `top_p` → `TopP`, `stop` → `Stop`, `seed` → `Seed`;
 * - tools → `Tools[{Type, Function: {Name, Description, Parameters (a JSON string)}}]`;
 *   `tool_choice` none/auto as is, `required` → auto, a named function → `custom` + `CustomTool`.
 */
export function convertToHunyuanRequest(
  body: JsonObject,
  model: string,
  stream: boolean,
): JsonObject {
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw RelayError.badRequest('messages must be a non-empty array');
  }
  const request: JsonObject = {
    Model: model,
    Messages: body.messages.filter(isJsonObject).map(convertMessage),
    Stream: stream,
  };
  const temperature = readNumber(body, 'temperature');
  if (temperature !== undefined) request.Temperature = temperature;
  const topP = readNumber(body, 'top_p');
  if (topP !== undefined) request.TopP = topP;
  if (typeof body.stop === 'string') request.Stop = [body.stop];
  else if (Array.isArray(body.stop)) request.Stop = body.stop;
  const seed = readNumber(body, 'seed');
  if (seed !== undefined) request.Seed = seed;
  const tools = convertTools(body.tools);
  if (tools.length > 0) {
    request.Tools = tools;
    const choice = body.tool_choice;
    if (choice === 'none' || choice === 'auto') request.ToolChoice = choice;
    else if (choice === 'required') request.ToolChoice = 'auto';
    else if (isJsonObject(choice) && isJsonObject(choice.function)) {
      const name = readString(choice.function, 'name');
      const tool = tools.find((entry) => (entry.Function as JsonObject).Name === name);
      if (tool) {
        request.ToolChoice = 'custom';
        request.CustomTool = tool;
      }
    }
  }
  return request;
}

/** An OpenAI embeddings request as `GetEmbedding`'s `{InputList}` (strings only). */
export function convertToHunyuanEmbeddingRequest(body: JsonObject): JsonObject {
  const input = embeddingInputs(body);
  return { InputList: input };
}

function convertMessage(message: JsonObject): JsonObject {
  const role = readString(message, 'role') === 'developer' ? 'system' : readString(message, 'role');
  const converted: JsonObject = { Role: role ?? 'user' };
  const content = message.content;
  if (
    Array.isArray(content) &&
    content.some((part) => isJsonObject(part) && part.type === 'image_url')
  ) {
    converted.Contents = content.filter(isJsonObject).map((part) => {
      if (part.type !== 'image_url') return { Type: 'text', Text: readString(part, 'text') ?? '' };
      const image = isJsonObject(part.image_url) ? readString(part.image_url, 'url') : undefined;
      return { Type: 'image_url', ImageUrl: { Url: image ?? '' } };
    });
  } else {
    converted.Content = messageText(content);
  }
  if (role === 'tool') converted.ToolCallId = readString(message, 'tool_call_id') ?? '';
  if (Array.isArray(message.tool_calls)) {
    converted.ToolCalls = message.tool_calls.filter(isJsonObject).map((call) => {
      const fn = isJsonObject(call.function) ? call.function : {};
      return {
        Id: readString(call, 'id') ?? '',
        Type: 'function',
        Function: {
          Name: readString(fn, 'name') ?? '',
          Arguments: readString(fn, 'arguments') ?? '{}',
        },
      };
    });
  }
  return converted;
}

function convertTools(tools: unknown): JsonObject[] {
  if (!Array.isArray(tools)) return [];
  const converted: JsonObject[] = [];
  for (const tool of tools) {
    if (!isJsonObject(tool) || tool.type !== 'function' || !isJsonObject(tool.function)) continue;
    const fn = tool.function;
    const definition: JsonObject = {
      Name: readString(fn, 'name') ?? '',
      // Hunyuan takes the JSON schema serialised as a string.
      Parameters: JSON.stringify(isJsonObject(fn.parameters) ? fn.parameters : { type: 'object' }),
    };
    const description = readString(fn, 'description');
    if (description) definition.Description = description;
    converted.push({ Type: 'function', Function: definition });
  }
  return converted;
}
