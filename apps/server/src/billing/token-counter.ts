import { dataUrlImageSize } from './image-dimensions.js';
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
/** Tokens per 512-pixel tile of a measured image (gpt-4o-mini: its own). */
const IMAGE_TILE_TOKENS = 170;
const GPT_4O_MINI_IMAGE_TILE_TOKENS = 5667;
/** A measured image is scaled so its short side is at most this, then cut into 512-pixel tiles. */
const IMAGE_SHORT_SIDE_LIMIT = 768;
const IMAGE_TILE_SIDE = 512;
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
 * name.) Image parts: see imageTokens (`measureImages` measures `data:` images). Audio parts
 * count 100, file parts 5000.
 *
 * Differences from new-api, all towards counting what is actually sent: every tool is counted
 * (new-api kept only the last one), a name counts with array content too, and assistant
 * tool calls count their function name and arguments.
 */
export function countChatPromptTokens(
  model: string,
  messages: unknown,
  tools?: unknown,
  { measureImages = false }: { measureImages?: boolean } = {},
): number {
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
      for (const part of content) total += contentPartTokens(model, part, count, measureImages);
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

function contentPartTokens(
  model: string,
  part: unknown,
  count: (text: unknown) => number,
  measureImages: boolean,
): number {
  if (!isRecord(part)) return 0;
  switch (part.type) {
    case 'image_url':
      return imageTokens(model, part.image_url, measureImages);
    case 'input_audio':
      return INPUT_AUDIO_TOKENS;
    case 'file':
      return FILE_TOKENS;
    default:
      return count(part.text);
  }
}

/**
 * Tokens of one image part (reference §4.9): glm-4v 1047; `detail: "low"` 85. Otherwise, when
 * `measure` is on (GET_MEDIA_TOKEN, see the relay's prompt count) and the image is a `data:` URL
 * whose size its header gives, OpenAI's tile count: the short side scaled down to 768 pixels at
 * most, 170 per 512-pixel tile + 85 (gpt-4o-mini*: 5667 per tile + 2833). Any other image gets
 * new-api's estimate when it does not measure: 3 × 85 (3 × 2833 for gpt-4o-mini*). Image URLs are
 * never fetched for counting, and an unreadable image is estimated, not refused.
 */
export function imageTokens(model: string, imageUrl: unknown, measure = false): number {
  if (model === 'glm-4v') return GLM_4V_IMAGE_TOKENS;
  if (isRecord(imageUrl) && imageUrl.detail === 'low') return IMAGE_BASE_TOKENS;
  const mini = model.startsWith('gpt-4o-mini');
  const base = mini ? GPT_4O_MINI_IMAGE_BASE_TOKENS : IMAGE_BASE_TOKENS;
  const url = isRecord(imageUrl) ? imageUrl.url : imageUrl;
  const size = measure && typeof url === 'string' ? dataUrlImageSize(url) : undefined;
  if (!size) return 3 * base;
  let short = Math.min(size.width, size.height);
  let long = Math.max(size.width, size.height);
  if (short > IMAGE_SHORT_SIDE_LIMIT) {
    long = Math.ceil(long / (short / IMAGE_SHORT_SIDE_LIMIT));
    short = IMAGE_SHORT_SIDE_LIMIT;
  }
  const tiles = Math.ceil(short / IMAGE_TILE_SIDE) * Math.ceil(long / IMAGE_TILE_SIDE);
  return tiles * (mini ? GPT_4O_MINI_IMAGE_TILE_TOKENS : IMAGE_TILE_TOKENS) + base;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
