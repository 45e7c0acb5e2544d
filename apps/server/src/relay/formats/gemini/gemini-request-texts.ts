import { addField, addJsonTexts } from '../request-texts.js';

/**
 * The texts of Gemini parts: `text`, function calls (name and arguments), function responses
 * (name and response), code and its results. Inline data and file references are skipped.
 */
function addPartTexts(parts: unknown, out: string[]): void {
  if (!Array.isArray(parts)) return;
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue;
    const fields = part as Record<string, unknown>;
    addField(fields, 'text', out);
    const call = fields.functionCall as Record<string, unknown> | undefined;
    if (call) {
      addField(call, 'name', out);
      addJsonTexts(call.args, out);
    }
    const response = fields.functionResponse as Record<string, unknown> | undefined;
    if (response) {
      addField(response, 'name', out);
      addJsonTexts(response.response, out);
    }
    addField(fields.executableCode, 'code', out);
    addField(fields.codeExecutionResult, 'output', out);
  }
}

/**
 * Every text of a Gemini generateContent request that reaches upstream: `systemInstruction`,
 * each content's parts (see `addPartTexts`), the tools' function declarations (names,
 * descriptions, parameter schemas) and the response schema.
 */
export function geminiRequestTexts(body: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  if (!body) return out;
  const system = body.systemInstruction;
  if (typeof system === 'string') out.push(system);
  else addPartTexts((system as { parts?: unknown } | null | undefined)?.parts, out);
  if (Array.isArray(body.contents)) {
    for (const content of body.contents) {
      addPartTexts((content as { parts?: unknown } | null)?.parts, out);
    }
  }
  addJsonTexts(body.tools, out);
  const config = body.generationConfig as Record<string, unknown> | null | undefined;
  if (typeof config === 'object' && config !== null) {
    addJsonTexts(config.responseSchema, out);
    addJsonTexts(config.responseJsonSchema, out);
  }
  return out;
}
