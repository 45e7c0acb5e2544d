/**
 * The deterministic reply every text endpoint sends, and the token counts it reports, so a test can
 * predict them: chunk `i` holds two words of WORDS (a leading space from the second chunk on), the
 * plain reply is the concatenation of the chunks, completion tokens = chunks × WORDS_PER_CHUNK and
 * prompt tokens = ceil(characters / 4), at least 1.
 */

export const WORDS: readonly string[] = [
  'Hello',
  'from',
  'the',
  'mock',
  'upstream',
  'this',
  'reply',
  'is',
  'fully',
  'deterministic',
  'and',
  'counts',
  'two',
  'words',
  'per',
  'chunk',
];

export const WORDS_PER_CHUNK = 2;

/** The content chunk a default request is split into. */
export const DEFAULT_CHUNKS = 3;

const chunkTexts: string[] = [];
const chunkTextsJson: string[] = [];

/** The text of content chunk `index` (0-based); cached because the hot path asks for it per chunk. */
export function chunkText(index: number): string {
  let text = chunkTexts[index];
  if (text === undefined) {
    const words: string[] = [];
    for (let offset = 0; offset < WORDS_PER_CHUNK; offset += 1) {
      words.push(WORDS[(index * WORDS_PER_CHUNK + offset) % WORDS.length]);
    }
    text = (index === 0 ? '' : ' ') + words.join(' ');
    chunkTexts[index] = text;
  }
  return text;
}

/** `chunkText(index)` already JSON-encoded (with quotes), for pre-serialised stream events. */
export function chunkTextJson(index: number): string {
  let encoded = chunkTextsJson[index];
  if (encoded === undefined) {
    encoded = JSON.stringify(chunkText(index));
    chunkTextsJson[index] = encoded;
  }
  return encoded;
}

/** The whole reply for `chunks` chunks: what the streamed deltas add up to. */
export function replyText(chunks: number): string {
  let text = '';
  for (let index = 0; index < chunks; index += 1) text += chunkText(index);
  return text;
}

/** Completion tokens reported for a reply of `chunks` chunks. */
export function completionTokens(chunks: number): number {
  return chunks * WORDS_PER_CHUNK;
}

/** Prompt tokens for a prompt of `characters` characters (UTF-16 code units): ceil(n / 4), ≥ 1. */
export function promptTokensForCharacters(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}

/**
 * The text of a message's content as both providers shape it: a string, or an array of parts whose
 * `text` is counted (and whose nested `content`, as in Anthropic tool results, is followed).
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (typeof part === 'string') {
      text += part;
    } else if (typeof part === 'object' && part !== null) {
      const fields = part as Record<string, unknown>;
      if (typeof fields.text === 'string') text += fields.text;
      else if (fields.content !== undefined) text += contentText(fields.content);
    }
  }
  return text;
}

/** The characters of every message's content in a `messages` array. */
export function messagesCharacters(messages: readonly unknown[]): number {
  let characters = 0;
  for (const message of messages) {
    if (typeof message === 'object' && message !== null) {
      characters += contentText((message as Record<string, unknown>).content).length;
    }
  }
  return characters;
}

/**
 * The reasoning the mock "thinks" when a request asks for it (OpenAI `reasoning_effort`, other
 * than `none`/`minimal`; Anthropic `thinking.type` `enabled`): `reasoning_content` in chat
 * answers, a `thinking` block before the reply in Messages answers. It adds no tokens.
 */
export const MOCK_REASONING = 'Let me think about this step by step.';
/** The signature of the mock's thinking blocks. */
export const MOCK_THINKING_SIGNATURE = 'mock-thinking-signature';
