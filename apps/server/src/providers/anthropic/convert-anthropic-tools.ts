import type { JsonObject } from '../json-guards.js';
import type { DroppedFields } from '../hub/dropped-fields.js';
import { isFunctionTool, type ChatCall } from '../hub/internal-call.js';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-api-types.js';

/**
 * OpenAI function tools as Anthropic tools `{name, description, input_schema}`. Tools of other
 * types (OpenAI built-ins) have no Anthropic equivalent here and are left out. A schema without
 * `type` gets `type: "object"`, which Anthropic requires.
 */
export function convertTools(tools: ChatCall['tools'], dropped?: DroppedFields): AnthropicTool[] {
  const converted: AnthropicTool[] = [];
  for (const tool of tools ?? []) {
    if (!isFunctionTool(tool)) {
      dropped?.add(`tools.${tool.type}`);
      continue;
    }
    const fn = tool.function;
    if (!fn.name) continue;
    const schema: JsonObject = fn.parameters ? { ...fn.parameters } : {};
    if (schema.type === undefined) schema.type = 'object';
    const anthropicTool: AnthropicTool = { name: fn.name, input_schema: schema };
    if (fn.description) anthropicTool.description = fn.description;
    converted.push(anthropicTool);
  }
  return converted;
}

/**
 * OpenAI `tool_choice` (+ `parallel_tool_calls: false`) as Anthropic's: `auto` → auto,
 * `required` → any, `none` → none, `{type:"function", function:{name}}` → `{type:"tool", name}`.
 */
export function convertToolChoice(
  toolChoice: ChatCall['tool_choice'],
  parallelToolCalls: ChatCall['parallel_tool_calls'],
): AnthropicToolChoice | undefined {
  let choice: AnthropicToolChoice | undefined;
  if (toolChoice === 'auto') choice = { type: 'auto' };
  else if (toolChoice === 'required') choice = { type: 'any' };
  else if (toolChoice === 'none') return { type: 'none' };
  else if (typeof toolChoice === 'object' && toolChoice !== null) {
    const name = toolChoice.function?.name;
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
