import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readObject, readString, type JsonObject } from '../json-guards.js';
import type {
  GeminiGenerationConfig,
  GeminiRequest,
  GeminiSafetySetting,
} from './gemini-api-types.js';
import { convertToGeminiContents } from './convert-to-gemini-content.js';
import {
  cleanGeminiSchema,
  convertToGeminiTools,
  convertToolChoice,
} from './convert-to-gemini-tools.js';
import {
  thinkingConfig,
  type GeminiThinkingSettings,
  type ThinkingRequest,
} from './gemini-thinking.js';

/** The harm categories Tollgate sets a threshold for on every call. */
export const GEMINI_SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

/** The gemini.* options a request conversion follows. */
export interface GeminiRequestSettings extends GeminiThinkingSettings {
  /** gemini.safety_settings: threshold per category, `default` for the others. */
  safetySettings: Readonly<Record<string, string>>;
  /** gemini.supported_imagine_models: models asked to answer with images too. */
  imagineModels: readonly string[];
}

/**
 * An OpenAI chat request as a Gemini GenerateContentRequest (reference §3.6 gemini): contents and
 * system instruction, generation config (temperature, topP, topK, output limit, stop sequences,
 * seed, penalties, JSON output with its cleaned schema), tools and tool choice, the thinking
 * config and the configured safety settings.
 */
export function convertToGeminiRequest(
  body: JsonObject,
  thinking: ThinkingRequest,
  settings: GeminiRequestSettings,
): GeminiRequest {
  const conversation = convertToGeminiContents(body.messages, {
    needsSignatures: thinking.model.includes('gemini-3'),
  });
  if (conversation.contents.length === 0) {
    throw RelayError.badRequest('messages must hold at least one user or assistant message');
  }
  const request: GeminiRequest = { contents: conversation.contents };
  if (conversation.systemInstruction) request.systemInstruction = conversation.systemInstruction;
  request.safetySettings = safetySettings(settings.safetySettings);

  const maxTokens = numberField(body, 'max_completion_tokens') ?? numberField(body, 'max_tokens');
  const config: GeminiGenerationConfig = {};
  setNumber(config, 'temperature', numberField(body, 'temperature'));
  setNumber(config, 'topP', numberField(body, 'top_p'));
  setNumber(config, 'topK', numberField(body, 'top_k'));
  setNumber(config, 'maxOutputTokens', maxTokens);
  setNumber(config, 'seed', numberField(body, 'seed'));
  setNumber(config, 'presencePenalty', numberField(body, 'presence_penalty'));
  setNumber(config, 'frequencyPenalty', numberField(body, 'frequency_penalty'));
  const n = numberField(body, 'n');
  if (n !== undefined && n > 1) config.candidateCount = n;
  if (typeof body.stop === 'string') config.stopSequences = [body.stop];
  else if (Array.isArray(body.stop)) {
    config.stopSequences = body.stop.filter((item): item is string => typeof item === 'string');
  }
  applyResponseFormat(config, body.response_format);
  const thoughts = thinkingConfig(thinking, maxTokens ?? 0, body.reasoning_effort, settings);
  if (thoughts) config.thinkingConfig = thoughts;
  if (settings.imagineModels.includes(thinking.model))
    config.responseModalities = ['TEXT', 'IMAGE'];
  if (Object.keys(config).length > 0) request.generationConfig = config;

  const tools = convertToGeminiTools(body.tools);
  if (tools) request.tools = tools;
  const toolConfig = convertToolChoice(body.tool_choice);
  if (toolConfig && tools) request.toolConfig = toolConfig;
  return request;
}

/** One setting per category: its own threshold, else `default`, else OFF. */
export function safetySettings(options: Readonly<Record<string, string>>): GeminiSafetySetting[] {
  return GEMINI_SAFETY_CATEGORIES.map((category) => ({
    category,
    threshold:
      (Object.hasOwn(options, category) ? options[category] : undefined) ??
      (Object.hasOwn(options, 'default') ? options.default : undefined) ??
      'OFF',
  }));
}

function applyResponseFormat(config: GeminiGenerationConfig, format: unknown): void {
  if (!isJsonObject(format)) return;
  const type = readString(format, 'type');
  if (type === 'json_object') {
    config.responseMimeType = 'application/json';
  } else if (type === 'json_schema') {
    config.responseMimeType = 'application/json';
    const jsonSchema = readObject(format, 'json_schema');
    const schema = jsonSchema && readObject(jsonSchema, 'schema');
    if (schema) config.responseSchema = cleanGeminiSchema(schema);
  }
}

function numberField(body: JsonObject, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function setNumber(
  config: GeminiGenerationConfig,
  key:
    | 'temperature'
    | 'topP'
    | 'topK'
    | 'maxOutputTokens'
    | 'seed'
    | 'presencePenalty'
    | 'frequencyPenalty',
  value: number | undefined,
): void {
  if (value !== undefined) config[key] = value;
}
