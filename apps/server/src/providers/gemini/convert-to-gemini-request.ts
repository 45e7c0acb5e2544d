import { RelayError } from '../../errors/relay-error.js';
import {
  TOKEN_LIMIT_FIELDS,
  SAMPLING_FIELDS,
  TOOL_FIELDS,
  carriedFields,
  type DroppedFields,
} from '../hub/dropped-fields.js';
import type { ChatCall } from '../hub/internal-call.js';
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
  /**
   * GEMINI_SAFETY_SETTING when set: the threshold of the categories the option does not name
   * itself, in place of the option's `default`.
   */
  safetyDefault?: string;
  /** gemini.supported_imagine_models: models asked to answer with images too. */
  imagineModels: readonly string[];
}

/**
 * The internal call's fields this conversion carries (stream: the method; stream options: Gemini
 * always reports usage); any other set field is reported dropped (logprobs, user…).
 */
const CARRIED_FIELDS = carriedFields(
  TOKEN_LIMIT_FIELDS,
  SAMPLING_FIELDS,
  TOOL_FIELDS,
  'n',
  'response_format',
  'reasoning_effort',
);

/**
 * An OpenAI chat request as a Gemini GenerateContentRequest (reference §3.6 gemini): contents and
 * system instruction, generation config (temperature, topP, topK, output limit, stop sequences,
 * seed, penalties, JSON output with its cleaned schema), tools and tool choice, the thinking
 * config and the configured safety settings.
 */
export function convertToGeminiRequest(
  body: ChatCall,
  thinking: ThinkingRequest,
  settings: GeminiRequestSettings,
  dropped?: DroppedFields,
): GeminiRequest {
  dropped?.addUnread(body, CARRIED_FIELDS);
  const conversation = convertToGeminiContents(body.messages, {
    needsSignatures: thinking.model.includes('gemini-3'),
    dropped,
  });
  if (conversation.contents.length === 0) {
    throw RelayError.badRequest('messages must hold at least one user or assistant message');
  }
  const request: GeminiRequest = { contents: conversation.contents };
  if (conversation.systemInstruction) request.systemInstruction = conversation.systemInstruction;
  request.safetySettings = safetySettings(settings.safetySettings, settings.safetyDefault);

  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const config: GeminiGenerationConfig = {};
  setNumber(config, 'temperature', body.temperature);
  setNumber(config, 'topP', body.top_p);
  setNumber(config, 'topK', body.top_k);
  setNumber(config, 'maxOutputTokens', maxTokens);
  setNumber(config, 'seed', body.seed);
  setNumber(config, 'presencePenalty', body.presence_penalty);
  setNumber(config, 'frequencyPenalty', body.frequency_penalty);
  const n = body.n;
  if (typeof n === 'number' && n > 1) config.candidateCount = n;
  if (typeof body.stop === 'string') config.stopSequences = [body.stop];
  else if (body.stop) config.stopSequences = body.stop;
  applyResponseFormat(config, body.response_format);
  const thoughts = thinkingConfig(
    thinking,
    maxTokens ?? 0,
    body.reasoning_effort ?? undefined,
    settings,
  );
  if (thoughts) config.thinkingConfig = thoughts;
  if (settings.imagineModels.includes(thinking.model))
    config.responseModalities = ['TEXT', 'IMAGE'];
  if (Object.keys(config).length > 0) request.generationConfig = config;

  const tools = convertToGeminiTools(body.tools, dropped);
  if (tools) request.tools = tools;
  const toolConfig = convertToolChoice(body.tool_choice);
  if (toolConfig && tools) request.toolConfig = toolConfig;
  return request;
}

/**
 * One setting per category: its own threshold, else `safetyDefault` (GEMINI_SAFETY_SETTING), else
 * the option's `default`, else OFF.
 */
export function safetySettings(
  options: Readonly<Record<string, string>>,
  safetyDefault?: string,
): GeminiSafetySetting[] {
  return GEMINI_SAFETY_CATEGORIES.map((category) => ({
    category,
    threshold:
      (Object.hasOwn(options, category) ? options[category] : undefined) ??
      safetyDefault ??
      (Object.hasOwn(options, 'default') ? options.default : undefined) ??
      'OFF',
  }));
}

function applyResponseFormat(
  config: GeminiGenerationConfig,
  format: ChatCall['response_format'],
): void {
  if (format?.type === 'json_object') {
    config.responseMimeType = 'application/json';
  } else if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    const schema = format.json_schema?.schema;
    if (schema) config.responseSchema = cleanGeminiSchema(schema);
  }
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
  value: number | null | undefined,
): void {
  if (typeof value === 'number') config[key] = value;
}
