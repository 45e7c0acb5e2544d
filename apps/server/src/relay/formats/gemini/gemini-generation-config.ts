import type { GeminiGenerationConfig } from '../../../providers/gemini/gemini-api-types.js';
import { invalidArgument, isRecord } from './gemini-request-guards.js';
import { geminiSchemaToJsonSchema } from './gemini-tools-to-chat.js';

function optionalNumber(config: Record<string, unknown>, field: string): number | undefined {
  const value = config[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidArgument(`generationConfig.${field} must be a number`);
  }
  return value;
}

/**
 * The generationConfig fields read here and by the thinking config (gemini-thinking-config.ts);
 * the others have no chat form and are reported dropped.
 */
export const GENERATION_CONFIG_READ: ReadonlySet<string> = new Set([
  'temperature',
  'topP',
  'topK',
  'maxOutputTokens',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'candidateCount',
  'stopSequences',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'thinkingConfig',
]);

/**
 * `generationConfig` onto the chat body: sampling fields, `max_tokens`, `stop`, and JSON output as
 * `response_format`. One candidate only.
 */
export function applyGenerationConfig(
  body: Record<string, unknown>,
  config: GeminiGenerationConfig | undefined,
): void {
  if (config === undefined || config === null) return;
  if (!isRecord(config)) throw invalidArgument('generationConfig must be an object');
  const fields: Array<[string, string]> = [
    ['temperature', 'temperature'],
    ['topP', 'top_p'],
    ['topK', 'top_k'],
    ['maxOutputTokens', 'max_tokens'],
    ['presencePenalty', 'presence_penalty'],
    ['frequencyPenalty', 'frequency_penalty'],
    ['seed', 'seed'],
  ];
  for (const [gemini, openai] of fields) {
    const value = optionalNumber(config, gemini);
    if (value !== undefined) body[openai] = value;
  }
  if (typeof body.max_tokens === 'number' && body.max_tokens < 0) {
    throw invalidArgument('generationConfig.maxOutputTokens must not be negative');
  }
  const candidates = optionalNumber(config, 'candidateCount');
  if (candidates !== undefined && candidates !== 1) {
    throw invalidArgument('generationConfig.candidateCount: only 1 candidate is supported');
  }
  if (config.stopSequences !== undefined) {
    if (
      !Array.isArray(config.stopSequences) ||
      config.stopSequences.some((s) => typeof s !== 'string')
    ) {
      throw invalidArgument('generationConfig.stopSequences must be an array of strings');
    }
    if (config.stopSequences.length > 0) body.stop = config.stopSequences;
  }
  const mime = config.responseMimeType;
  if (mime === 'application/json') {
    const schema =
      config.responseJsonSchema ??
      (config.responseSchema !== undefined
        ? geminiSchemaToJsonSchema(config.responseSchema)
        : undefined);
    body.response_format =
      schema === undefined
        ? { type: 'json_object' }
        : { type: 'json_schema', json_schema: { name: 'response', schema } };
  } else if (mime !== undefined && mime !== 'text/plain') {
    throw invalidArgument(`generationConfig.responseMimeType ${String(mime)} is not supported`);
  }
}
