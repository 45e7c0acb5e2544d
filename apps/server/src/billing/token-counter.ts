import { COUNT_OPTIONS, encoderFor, encodingForModel } from './token-encoders.js';

/*
 * Local token counting (reference §4.9), used for the pre-consume estimate and whenever an
 * upstream reports no usage. Counts follow OpenAI's chat accounting as new-api does; they are
 * estimates for anything but plain text.
 */

/** Tokens new-api adds for an image part when it does not inspect the image. */
const IMAGE_BASE_TOKENS = 85;
const GPT_4O_MINI_IMAGE_BASE_TOKENS = 2833;
const GLM_4V_IMAGE_TOKENS = 1047;
const INPUT_AUDIO_TOKENS = 100;
const FILE_TOKENS = 5000;
/** Added once when the request defines any tools. */
const TOOLS_OVERHEAD_TOKENS = 8;
/** Every reply is primed with <|start|>assistant<|message|>. */
const REPLY_PRIMING_TOKENS = 3;
/** Per tool call in a locally counted completion. */
const TOOL_CALL_TOKENS = 7;

/** Tokens of a text (arrays, e.g. completions prompts or embedding inputs, are concatenated). */
export function countTextTokens(model: string, text: string | readonly string[]): number {
  const joined = typeof text === 'string' ? text : text.join('');
  if (joined.length === 0) return 0;
  return encoderFor(encodingForModel(model)).countTokens(joined, COUNT_OPTIONS);
}

/**
 * Tokens of a completion counted locally: the text (including any tool-call names and
 * arguments the caller collected) plus 7 per tool call.
 */
export function countCompletionTokens(model: string, text: string, toolCallCount = 0): number {
  return countTextTokens(model, text) + TOOL_CALL_TOKENS * Math.max(0, toolCallCount);
}

/**
 * Prompt tokens of a chat request, read from the raw request JSON (`messages`: [{role, name?,
 * content: string | parts[], tool_calls?}], `tools`: [{function: {name, description,
 * parameters}}]; anything of another shape counts 0): Σ per message (3 + role + [1 + name] + content) + 3, and
 * 8 + name/description/parameters of every tool. (`gpt-3.5-turbo-0301`: 4 per message, −1 per
 * name.) Image parts are not downloaded: `detail: "low"` counts 85, any other detail a fixed
 * 3 × 85 (3 × 2833 for gpt-4o-mini*), new-api's estimate when it does not fetch images; glm-4v
 * 1047. Audio parts count 100, file parts 5000.
 *
 * Differences from new-api, all towards counting what is actually sent: every tool is counted
 * (new-api kept only the last one), a name counts with array content too, and assistant
 * tool calls count their function name and arguments.
 */
export function countChatPromptTokens(model: string, messages: unknown, tools?: unknown): number {
  const encoder = encoderFor(encodingForModel(model));
  const count = (text: unknown): number =>
    typeof text === 'string' && text.length > 0 ? encoder.countTokens(text, COUNT_OPTIONS) : 0;
  const legacy = model === 'gpt-3.5-turbo-0301';
  const perMessage = legacy ? 4 : 3;
  const perName = legacy ? -1 : 1;

  let total = 0;
  for (const message of Array.isArray(messages) ? messages : []) {
    if (!isRecord(message)) continue;
    total += perMessage + count(message.role);
    if (typeof message.name === 'string' && message.name.length > 0) {
      total += perName + count(message.name);
    }
    const content = message.content;
    if (typeof content === 'string') {
      total += count(content);
    } else if (Array.isArray(content)) {
      for (const part of content) total += contentPartTokens(model, part, count);
    }
    if (Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls) {
        const fn = isRecord(call) ? call.function : undefined;
        if (isRecord(fn)) total += count(fn.name) + count(fn.arguments);
      }
    }
  }
  total += REPLY_PRIMING_TOKENS;

  if (Array.isArray(tools) && tools.length > 0) {
    total += TOOLS_OVERHEAD_TOKENS;
    for (const tool of tools) {
      const fn = isRecord(tool) ? tool.function : undefined;
      if (!isRecord(fn)) continue;
      total += count(fn.name) + count(fn.description);
      if (fn.parameters !== undefined && fn.parameters !== null) {
        total += count(JSON.stringify(fn.parameters));
      }
    }
  }
  return total;
}

function contentPartTokens(model: string, part: unknown, count: (text: unknown) => number): number {
  if (!isRecord(part)) return 0;
  switch (part.type) {
    case 'image_url':
      return imageTokens(model, part.image_url);
    case 'input_audio':
      return INPUT_AUDIO_TOKENS;
    case 'file':
      return FILE_TOKENS;
    default:
      return count(part.text);
  }
}

/** Estimated tokens of one image part; the image itself is never fetched or decoded. */
export function imageTokens(model: string, imageUrl: unknown): number {
  if (model === 'glm-4v') return GLM_4V_IMAGE_TOKENS;
  if (isRecord(imageUrl) && imageUrl.detail === 'low') return IMAGE_BASE_TOKENS;
  const base = model.startsWith('gpt-4o-mini') ? GPT_4O_MINI_IMAGE_BASE_TOKENS : IMAGE_BASE_TOKENS;
  return 3 * base;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
