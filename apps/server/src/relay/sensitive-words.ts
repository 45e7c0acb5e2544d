import { RelayError } from '../errors/relay-error.js';
import { WordMatcher } from '../lib/word-matcher.js';
import type { OptionStore } from '../options/option-store.js';
import type { RelayMode } from '../providers/provider-adaptor.js';

/** The texts of a request the check reads (reference §12.2): what a user writes, never images. */
function promptTexts(mode: RelayMode, json: Record<string, unknown>): string[] {
  switch (mode) {
    case 'chat':
      return messageTexts(json.messages);
    case 'completions':
      return strings(json.prompt);
    case 'embeddings':
    case 'moderations':
      return strings(json.input);
    case 'edits':
      return [...strings(json.instruction), ...strings(json.input)];
    case 'images':
    case 'speech':
      return strings(mode === 'images' ? json.prompt : json.input);
    case 'responses':
      return [
        ...strings(json.instructions),
        ...strings(json.input),
        ...responsesInputTexts(json.input),
      ];
    default:
      return [];
  }
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The texts of Responses input items: message contents and their input_text parts. */
function responsesInputTexts(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  const texts: string[] = [];
  for (const item of items) {
    const content = (item as { content?: unknown } | null)?.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content) {
        const fields = part as { type?: unknown; text?: unknown } | null;
        if (fields?.type === 'input_text' && typeof fields.text === 'string')
          texts.push(fields.text);
      }
    }
  }
  return texts;
}

function messageTexts(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  const texts: string[] = [];
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content) {
        const text = (part as { type?: unknown; text?: unknown } | null)?.text;
        if ((part as { type?: unknown }).type === 'text' && typeof text === 'string') {
          texts.push(text);
        }
      }
    }
  }
  return texts;
}

/** The reference's error code per mode: images and speech have their own. */
function errorCode(mode: RelayMode): string {
  if (mode === 'images') return 'invalid_image_request';
  if (mode === 'speech') return 'invalid_audio_request';
  return 'sensitive_words_detected';
}

/**
 * The prompt check of `CheckSensitiveEnabled` and `CheckSensitiveOnPromptEnabled` against
 * `SensitiveWords` (one word per line): a request containing a word, in any case, is refused
 * with a local 400 before any channel is chosen or anything is charged. The automaton is rebuilt
 * only when the word list changes, so a check costs one pass over the prompt text.
 */
export class SensitiveWordCheck {
  private source: string | undefined;
  private matcher = new WordMatcher([]);

  constructor(private readonly options: Pick<OptionStore, 'get' | 'getBoolean'>) {}

  /** Throws the reference's 400 when the request's prompt holds a sensitive word. */
  check(mode: RelayMode, json: Record<string, unknown> | undefined): void {
    if (!json) return;
    if (!this.options.getBoolean('CheckSensitiveEnabled')) return;
    if (!this.options.getBoolean('CheckSensitiveOnPromptEnabled')) return;
    const matcher = this.current();
    if (matcher.empty) return;
    for (const text of promptTexts(mode, json)) {
      if (matcher.findIn(text) !== undefined) {
        throw RelayError.badRequest('sensitive words detected', errorCode(mode));
      }
    }
  }

  private current(): WordMatcher {
    const source = this.options.get('SensitiveWords');
    if (source !== this.source) {
      this.source = source;
      this.matcher = new WordMatcher(source.split('\n'));
    }
    return this.matcher;
  }
}
