import type { GeminiRequest, GeminiTool } from '../../../providers/gemini/gemini-api-types.js';
import { invalidArgument, isRecord } from './gemini-request-guards.js';

/**
 * Gemini's OpenAPI-style schema (`type: "OBJECT"`, `nullable`, `propertyOrdering`) as JSON Schema:
 * types in lower case, `nullable` as a `null` type, Gemini-only keys dropped, nested schemas
 * converted the same way.
 */
export function geminiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchemaToJsonSchema);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering' || key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') {
      if (value !== 'TYPE_UNSPECIFIED') out.type = value.toLowerCase();
    } else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, geminiSchemaToJsonSchema(property)]),
      );
    } else if (key === 'items' || key === 'anyOf') {
      out[key] = geminiSchemaToJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** `data:` URL of an inline part, or the file's URI. */

/** Gemini's function declarations as OpenAI tools; other tool kinds are refused. */
export function convertTools(tools: unknown): Array<Record<string, unknown>> | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw invalidArgument('tools must be an array');
  const out: Array<Record<string, unknown>> = [];
  tools.forEach((tool: GeminiTool, index) => {
    if (!isRecord(tool)) throw invalidArgument(`tools[${index}] must be an object`);
    for (const key of Object.keys(tool)) {
      if (key !== 'functionDeclarations') {
        throw invalidArgument(`tools[${index}].${key} is not supported on this model's channel`);
      }
    }
    const declarations = tool.functionDeclarations ?? [];
    if (!Array.isArray(declarations)) {
      throw invalidArgument(`tools[${index}].functionDeclarations must be an array`);
    }
    declarations.forEach((declaration, at) => {
      if (!isRecord(declaration) || typeof declaration.name !== 'string' || !declaration.name) {
        throw invalidArgument(`tools[${index}].functionDeclarations[${at}].name is required`);
      }
      const fn: Record<string, unknown> = { name: declaration.name };
      if (typeof declaration.description === 'string') fn.description = declaration.description;
      if (declaration.parametersJsonSchema !== undefined) {
        fn.parameters = declaration.parametersJsonSchema;
      } else if (declaration.parameters !== undefined) {
        fn.parameters = geminiSchemaToJsonSchema(declaration.parameters);
      }
      out.push({ type: 'function', function: fn });
    });
  });
  return out.length > 0 ? out : undefined;
}

/** `toolConfig.functionCallingConfig` as OpenAI's `tool_choice`. */
export function convertToolChoice(config: GeminiRequest['toolConfig']): unknown {
  const calling = isRecord(config) ? config.functionCallingConfig : undefined;
  if (!isRecord(calling)) return undefined;
  const mode = String(calling.mode ?? 'AUTO').toUpperCase();
  const allowed = Array.isArray(calling.allowedFunctionNames) ? calling.allowedFunctionNames : [];
  if (mode === 'NONE') return 'none';
  if (mode === 'ANY' || mode === 'VALIDATED') {
    if (allowed.length === 1) return { type: 'function', function: { name: String(allowed[0]) } };
    return 'required';
  }
  if (mode === 'AUTO' || mode === 'MODE_UNSPECIFIED') return 'auto';
  throw invalidArgument(`toolConfig.functionCallingConfig.mode ${mode} is not supported`);
}
