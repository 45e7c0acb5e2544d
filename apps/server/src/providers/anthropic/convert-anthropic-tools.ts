import { isJsonObject, readObject, readString, type JsonObject } from '../json-guards.js';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-api-types.js';

/**
 * OpenAI function tools as Anthropic tools `{name, description, input_schema}`. Tools of other
 * types (OpenAI built-ins) have no Anthropic equivalent here and are left out. A schema without
 * `type` gets `type: "object"`, which Anthropic requires.
 */
export function convertTools(tools: unknown): AnthropicTool[] {
  if (!Array.isArray(tools)) return [];
  const converted: AnthropicTool[] = [];
  for (const tool of tools) {
    if (!isJsonObject(tool) || (tool.type !== undefined && tool.type !== 'function')) continue;
    const fn = readObject(tool, 'function');
    const name = fn && readString(fn, 'name');
    if (!fn || !name) continue;
    const schema: JsonObject = isJsonObject(fn.parameters) ? { ...fn.parameters } : {};
    if (schema.type === undefined) schema.type = 'object';
    const anthropicTool: AnthropicTool = { name, input_schema: schema };
    const description = readString(fn, 'description');
    if (description) anthropicTool.description = description;
    converted.push(anthropicTool);
  }
  return converted;
}

/**
 * OpenAI `tool_choice` (+ `parallel_tool_calls: false`) as Anthropic's: `auto` → auto,
 * `required` → any, `none` → none, `{type:"function", function:{name}}` → `{type:"tool", name}`.
 */
export function convertToolChoice(
  toolChoice: unknown,
  parallelToolCalls: unknown,
): AnthropicToolChoice | undefined {
  let choice: AnthropicToolChoice | undefined;
  if (toolChoice === 'auto') choice = { type: 'auto' };
  else if (toolChoice === 'required') choice = { type: 'any' };
  else if (toolChoice === 'none') return { type: 'none' };
  else if (isJsonObject(toolChoice)) {
    const fn = readObject(toolChoice, 'function');
    const name = fn && readString(fn, 'name');
    if (name) choice = { type: 'tool', name };
  }
  if (parallelToolCalls === false) {
    choice = {
      ...(choice ?? { type: 'auto' }),
      disable_parallel_tool_use: true,
    } as AnthropicToolChoice;
  }
  return choice;
}
