import { isJsonObject, readObject, type JsonObject } from '../json-guards.js';
import type { DroppedFields } from '../hub/dropped-fields.js';
import { isFunctionTool, type ChatCall } from '../hub/internal-call.js';
import type { GeminiFunctionDeclaration, GeminiRequest, GeminiTool } from './gemini-api-types.js';

/** Schema keywords Gemini's OpenAPI subset rejects. */
const DROPPED_KEYWORDS = new Set([
  'default',
  'exclusiveMinimum',
  'exclusiveMaximum',
  '$schema',
  'additionalProperties',
  'title',
  '$id',
  'examples',
]);
const MAX_SCHEMA_DEPTH = 32;

/**
 * A JSON schema reduced to what Gemini accepts: unsupported keywords dropped, string formats
 * other than `enum` and `date-time` removed, an object without properties left without them.
 */
export function cleanGeminiSchema(schema: unknown, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => cleanGeminiSchema(item, depth + 1));
  if (!isJsonObject(schema) || depth > MAX_SCHEMA_DEPTH) return schema;
  const cleaned: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED_KEYWORDS.has(key)) continue;
    if (key === 'format' && schema.type === 'string' && value !== 'enum' && value !== 'date-time') {
      continue;
    }
    if (key === 'properties' && isJsonObject(value)) {
      const properties: JsonObject = {};
      for (const [name, property] of Object.entries(value)) {
        properties[name] = cleanGeminiSchema(property, depth + 1);
      }
      cleaned.properties = properties;
      continue;
    }
    cleaned[key] =
      isJsonObject(value) || Array.isArray(value) ? cleanGeminiSchema(value, depth + 1) : value;
  }
  return cleaned;
}

/**
 * OpenAI `tools` as Gemini tools: functions as one `functionDeclarations` list (an empty parameter
 * object sends no parameters); a function named `googleSearch` or `codeExecution` turns on that
 * built-in tool instead.
 */
export function convertToGeminiTools(
  tools: ChatCall['tools'],
  dropped?: DroppedFields,
): GeminiTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  const declarations: GeminiFunctionDeclaration[] = [];
  const result: GeminiTool[] = [];
  for (const tool of tools) {
    if (!isFunctionTool(tool)) {
      dropped?.add(`tools.${tool.type}`);
      continue;
    }
    const fn = tool.function;
    const name = fn.name;
    if (name === 'googleSearch' || name === 'codeExecution') {
      result.push({ [name]: {} });
      continue;
    }
    const declaration: GeminiFunctionDeclaration = { name };
    if (fn.description) declaration.description = fn.description;
    const parameters = fn.parameters;
    const properties = parameters && readObject(parameters, 'properties');
    if (parameters && properties && Object.keys(properties).length > 0) {
      declaration.parameters = cleanGeminiSchema(parameters);
    }
    declarations.push(declaration);
  }
  if (declarations.length > 0) result.unshift({ functionDeclarations: declarations });
  return result.length > 0 ? result : undefined;
}

/** OpenAI `tool_choice` as Gemini's function calling config. */
export function convertToolChoice(choice: ChatCall['tool_choice']): GeminiRequest['toolConfig'] {
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  if (typeof choice === 'object' && choice !== null) {
    const name = choice.function?.name;
    if (name) return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } };
  }
  return undefined;
}
