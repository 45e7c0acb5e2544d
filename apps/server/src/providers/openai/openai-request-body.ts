import { isJsonObject, readObjectArray, type JsonObject } from '../json-guards.js';

/** `-high`, `-medium`, `-low` model suffixes that select a reasoning effort. */
const REASONING_EFFORT_SUFFIX = /-(high|medium|low)$/;

/**
 * Request rules for OpenAI reasoning models (reference §3.6 "openai", extended from o1/o3 to the
 * o4 family, which rejects the same parameters):
 * - `max_tokens` moves to `max_completion_tokens` and `temperature` is removed;
 * - a `-high`/`-medium`/`-low` model suffix is stripped into `reasoning_effort`;
 * - for `o1`, `o1-2024-12-17`, `o3*` and `o4*`, a leading `system` message becomes `developer`
 *   (o1-mini and o1-preview do not accept the developer role).
 * Modifies `body` in place; returns true when the model is a reasoning model.
 */
export function applyReasoningModelRules(body: JsonObject): boolean {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!/^o[134]/.test(model)) return false;

  moveMaxTokens(body);
  delete body.temperature;
  const stripped = stripReasoningSuffix(body);

  if (stripped === 'o1' || stripped.startsWith('o1-2024-12-17') || /^o[34]/.test(stripped)) {
    const messages = body.messages;
    if (Array.isArray(messages) && isJsonObject(messages[0]) && messages[0].role === 'system') {
      body.messages = [{ ...messages[0], role: 'developer' }, ...messages.slice(1)];
    }
  }
  return true;
}

/** xAI grok-3-mini takes o-series style `max_completion_tokens` and effort suffixes. */
export function applyGrokMiniRules(body: JsonObject): void {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!model.startsWith('grok-3-mini')) return;
  moveMaxTokens(body);
  stripReasoningSuffix(body);
}

/**
 * Stream options (reference §3.4 step 8): removed for a non-streaming call or an upstream that
 * does not honour them. Forcing `include_usage` on is the relay's decision (FORCE_STREAM_OPTION).
 */
export function applyStreamOptionsRule(
  body: JsonObject,
  stream: boolean,
  upstreamSupportsStreamOptions: boolean,
): void {
  if (!stream || !upstreamSupportsStreamOptions) delete body.stream_options;
}

/** Perplexity rejects `top_p` of 1 or more. */
export function clampPerplexityTopP(body: JsonObject): void {
  if (typeof body.top_p === 'number' && body.top_p >= 1) body.top_p = 0.99;
}

/** DashScope's compatible mode accepts `top_p` only within [0.001, 0.999] (reference §3.6 "ali"). */
export function clampDashScopeTopP(body: JsonObject): void {
  if (typeof body.top_p === 'number') body.top_p = Math.min(0.999, Math.max(0.001, body.top_p));
}

/** Fields Mistral's chat API accepts (it rejects unknown ones). */
const MISTRAL_CHAT_FIELDS = new Set([
  'model',
  'messages',
  'stream',
  'temperature',
  'top_p',
  'max_tokens',
  'stop',
  'random_seed',
  'response_format',
  'tools',
  'tool_choice',
  'presence_penalty',
  'frequency_penalty',
  'n',
  'parallel_tool_calls',
  'safe_prompt',
  'prediction',
]);

/**
 * Mistral chat: keep only the fields it accepts and flatten `image_url` parts to plain URL
 * strings (`{type:"image_url", image_url:"…"}`), the form its API documents.
 */
export function trimMistralChatBody(body: JsonObject): void {
  for (const key of Object.keys(body)) {
    if (!MISTRAL_CHAT_FIELDS.has(key)) delete body[key];
  }
  const messages = readObjectArray(body, 'messages');
  if (messages.length === 0) return;
  body.messages = messages.map((message) => {
    if (!Array.isArray(message.content)) return message;
    const content = message.content.map((part: unknown) => {
      if (!isJsonObject(part) || part.type !== 'image_url' || !isJsonObject(part.image_url))
        return part;
      return { ...part, image_url: part.image_url.url };
    });
    return { ...message, content };
  });
}

function moveMaxTokens(body: JsonObject): void {
  if (body.max_tokens !== undefined) {
    if (body.max_completion_tokens === undefined) body.max_completion_tokens = body.max_tokens;
    delete body.max_tokens;
  }
}

/** Strips an effort suffix from `body.model` into `reasoning_effort`; returns the model. */
function stripReasoningSuffix(body: JsonObject): string {
  const model = String(body.model);
  const match = REASONING_EFFORT_SUFFIX.exec(model);
  if (!match) return model;
  const stripped = model.slice(0, match.index);
  body.model = stripped;
  body.reasoning_effort = match[1];
  return stripped;
}
