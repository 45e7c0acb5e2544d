import { RelayError } from '../errors/relay-error.js';
import { WordMatcher } from '../lib/word-matcher.js';
import type { OptionStore } from '../options/option-store.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import type { InboundFormat } from './formats/format-spec.js';
import type { ParsedRelayBody } from './parse-relay-body.js';

/** The reference's error code per mode: images and speech have their own. */
function errorCode(mode: RelayMode): string {
  if (mode === 'images') return 'invalid_image_request';
  if (mode === 'speech') return 'invalid_audio_request';
  return 'sensitive_words_detected';
}

/**
 * The prompt check of `CheckSensitiveEnabled` and `CheckSensitiveOnPromptEnabled` against
 * `SensitiveWords` (one word per line): a request with a word, in any case, in any text it sends
 * upstream (as its inbound format lists them: prompts, system prompts, names, tool definitions,
 * tool calls and results; never images or other encoded data) is refused with a local 400 before
 * any channel is chosen or anything is charged. The automaton is rebuilt only when the word list
 * changes, so a check costs one pass over the texts; with the check off, the texts are not read.
 */
export class SensitiveWordCheck {
  private source: string | undefined;
  private matcher = new WordMatcher([]);

  constructor(private readonly options: Pick<OptionStore, 'get' | 'getBoolean'>) {}

  /** Throws the reference's 400 when a text the call sends upstream holds a sensitive word. */
  check(
    format: Pick<InboundFormat, 'requestTexts'>,
    mode: RelayMode,
    parsed: ParsedRelayBody,
  ): void {
    const matcher = this.active();
    if (!matcher) return;
    for (const text of format.requestTexts(mode, parsed)) {
      if (matcher.findIn(text) !== undefined) {
        throw RelayError.badRequest('sensitive words detected', errorCode(mode));
      }
    }
  }

  /**
   * True when the check is on and one of `texts` holds a sensitive word: for the task routes,
   * which answer in their platforms' own error shapes.
   */
  holdsWord(texts: Iterable<string | undefined>): boolean {
    const matcher = this.active();
    if (!matcher) return false;
    for (const text of texts) {
      if (text && matcher.findIn(text) !== undefined) return true;
    }
    return false;
  }

  /** The matcher when the check is on and the list holds a word; otherwise undefined. */
  private active(): WordMatcher | undefined {
    if (!this.options.getBoolean('CheckSensitiveEnabled')) return undefined;
    if (!this.options.getBoolean('CheckSensitiveOnPromptEnabled')) return undefined;
    const source = this.options.get('SensitiveWords');
    if (source !== this.source) {
      this.source = source;
      this.matcher = new WordMatcher(source.split('\n'));
    }
    return this.matcher.empty ? undefined : this.matcher;
  }
}
