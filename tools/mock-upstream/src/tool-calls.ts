import { isRecord, readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { contentText } from './reply-content.js';

/** The tool the mock calls and the arguments it calls it with. */
export interface MockToolCall {
  name: string;
  /** The arguments as an object. */
  input: JsonRecord;
  /** The same, serialised: `{"location":"mock"}`. */
  arguments: string;
}

const MAX_DEPTH = 5;

/**
 * The marker a test puts in its last user message to choose the tool input itself: the JSON
 * object after it (`MOCK_TOOL_INPUT {"any":"keys"}`) is the input of the mock's tool call,
 * whatever the tool's schema says (so a schema-free tool can be answered with arbitrary keys).
 */
export const MOCK_TOOL_INPUT = 'MOCK_TOOL_INPUT';

/**
 * A deterministic value satisfying a JSON schema well enough for tests: the first enum value, the
 * const, "mock" for strings, 1 for numbers, true for booleans, one item for arrays, and every
 * declared property for objects.
 */
export function mockValueFor(schema: unknown, depth = 0): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return 'mock';
  const enumValues = readArray(schema, 'enum');
  if (enumValues !== undefined && enumValues.length > 0) return enumValues[0];
  if ('const' in schema) return schema.const;
  const variants = readArray(schema, 'anyOf') ?? readArray(schema, 'oneOf');
  if (variants !== undefined && variants.length > 0) return mockValueFor(variants[0], depth + 1);
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((entry) => entry !== 'null') ?? 'null';
  if (type === undefined && readRecord(schema, 'properties') !== undefined) type = 'object';
  switch (type) {
    case 'object':
      return mockObjectFor(schema, depth);
    case 'array':
      return [mockValueFor(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'mock';
  }
}

function mockObjectFor(schema: JsonRecord, depth: number): JsonRecord {
  const object: JsonRecord = {};
  const properties = readRecord(schema, 'properties');
  if (properties === undefined) return object;
  for (const [name, propertySchema] of Object.entries(properties)) {
    object[name] = mockValueFor(propertySchema, depth + 1);
  }
  return object;
}

/** The object after MOCK_TOOL_INPUT in the last user message, when it holds one. */
function chosenToolInput(messages: unknown[] | undefined): JsonRecord | undefined {
  const users = (messages ?? []).filter(isRecord).filter((message) => message.role === 'user');
  const text = users.length === 0 ? '' : contentText(users[users.length - 1].content);
  const marker = text.lastIndexOf(MOCK_TOOL_INPUT);
  if (marker < 0) return undefined;
  try {
    const input: unknown = JSON.parse(text.slice(marker + MOCK_TOOL_INPUT.length));
    return isRecord(input) ? input : undefined;
  } catch {
    return undefined;
  }
}

function callFor(name: string, schema: unknown, chosen?: JsonRecord): MockToolCall {
  const input = chosen ?? (isRecord(schema) ? mockObjectFor(schema, 0) : {});
  return { name, input, arguments: JSON.stringify(input) };
}

/**
 * The call for an OpenAI chat request: none without `tools` or with `tool_choice: "none"`, the
 * named function when `tool_choice` names one, otherwise the first function tool.
 */
export function openAiToolCall(body: JsonRecord): MockToolCall | undefined {
  const tools = readArray(body, 'tools');
  if (tools === undefined || tools.length === 0 || body.tool_choice === 'none') return undefined;
  const functions = tools
    .filter(isRecord)
    .map((tool) => readRecord(tool, 'function'))
    .filter((definition): definition is JsonRecord => definition !== undefined)
    .filter((definition) => readString(definition, 'name') !== undefined);
  if (functions.length === 0) return undefined;
  const choice = isRecord(body.tool_choice) ? readRecord(body.tool_choice, 'function') : undefined;
  const wanted = choice === undefined ? undefined : readString(choice, 'name');
  const chosen = functions.find((definition) => definition.name === wanted) ?? functions[0];
  return callFor(chosen.name as string, chosen.parameters);
}

/**
 * The call for an Anthropic request: none without `tools` or with `tool_choice.type: "none"`, the
 * named tool for `tool_choice.type: "tool"`, otherwise the first tool with a name; its input is
 * the MOCK_TOOL_INPUT object of the last user message, else a value fitting the tool's schema.
 */
export function anthropicToolCall(body: JsonRecord): MockToolCall | undefined {
  const tools = readArray(body, 'tools');
  if (tools === undefined || tools.length === 0) return undefined;
  const choice = readRecord(body, 'tool_choice');
  if (choice !== undefined && choice.type === 'none') return undefined;
  const named = tools.filter(isRecord).filter((tool) => readString(tool, 'name') !== undefined);
  if (named.length === 0) return undefined;
  const wanted =
    choice !== undefined && choice.type === 'tool' ? readString(choice, 'name') : undefined;
  const chosen = named.find((tool) => tool.name === wanted) ?? named[0];
  return callFor(
    chosen.name as string,
    chosen.input_schema,
    chosenToolInput(readArray(body, 'messages')),
  );
}

/** Cuts `text` into exactly `pieces` consecutive parts (trailing parts may be empty). */
export function splitIntoPieces(text: string, pieces: number): string[] {
  const count = Math.max(1, pieces);
  const size = Math.ceil(text.length / count);
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    parts.push(text.slice(index * size, (index + 1) * size));
  }
  return parts;
}
