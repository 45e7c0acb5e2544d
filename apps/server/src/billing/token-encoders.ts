import { createRequire } from 'node:module';

/** The two BPE encodings Tollgate counts with. */
export type EncodingName = 'cl100k_base' | 'o200k_base';

/** The part of a gpt-tokenizer encoding module that counting uses. */
interface TokenEncoder {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

/**
 * Models on the o200k_base vocabulary (GPT-4o family, o-series, GPT-4.1/4.5/5). Everything else
 * — GPT-3.5/4 and every non-OpenAI model, whose tokenizers Tollgate does not have — is counted
 * with cl100k_base, as new-api does.
 */
const O200K_PREFIXES = ['gpt-4o', 'chatgpt-4o', 'o1', 'o3', 'o4', 'gpt-4.1', 'gpt-4.5', 'gpt-5'];

export function encodingForModel(model: string): EncodingName {
  for (const prefix of O200K_PREFIXES) {
    if (model.startsWith(prefix)) return 'o200k_base';
  }
  return 'cl100k_base';
}

/**
 * Special-token text in user input ("<|endoftext|>") is counted as ordinary text instead of
 * throwing, like new-api's tokenizer. One shared options object: no allocation per call.
 */
export const COUNT_OPTIONS = Object.freeze({ disallowedSpecial: new Set<string>() });

// The encodings' rank tables are megabytes of JavaScript (cl100k ≈ 0.5 s, o200k ≈ 1.4 s to
// load), so each is loaded on first use, not at server start. `require` keeps counting
// synchronous; the package ships a CommonJS build for exactly this.
const requireFromHere = createRequire(import.meta.url);
const loaded = new Map<EncodingName, TokenEncoder>();

export function encoderFor(encoding: EncodingName): TokenEncoder {
  let encoder = loaded.get(encoding);
  if (encoder === undefined) {
    const module = requireFromHere(`gpt-tokenizer/encoding/${encoding}`) as Partial<TokenEncoder>;
    if (typeof module.countTokens !== 'function') {
      throw new Error(`gpt-tokenizer encoding ${encoding} has no countTokens()`);
    }
    encoder = module as TokenEncoder;
    loaded.set(encoding, encoder);
  }
  return encoder;
}

/**
 * Loads both encodings now. Call it once the server is listening (it blocks for about two
 * seconds) so that the first request without upstream usage does not pay the load time.
 */
export function preloadTokenEncoders(): void {
  encoderFor('cl100k_base');
  encoderFor('o200k_base');
}
