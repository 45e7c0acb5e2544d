import { answerNotAnObject } from '../answer-object.js';
import type { Usage } from '../usage.js';
import type { ConvertedResponse, RelayCallInput, RelayMode } from '../provider-adaptor.js';
import {
  parseJsonObject,
  readObject,
  readObjectArray,
  readString,
  type JsonObject,
} from '../json-guards.js';
import { convertAudioUsage } from './convert-openai-usage.js';
import { joinGeneratedText, readResponseText } from './openai-api-types.js';
import type { OpenAiCompatibleProfile } from './openai-compatible-profile.js';
import { findErrorInSuccessBody } from './openai-error.js';

/** Modes whose success body must be JSON (anything else is a broken upstream). */
const JSON_REQUIRED_MODES: ReadonlySet<RelayMode> = new Set([
  'chat',
  'completions',
  'edits',
  'embeddings',
]);
const AUDIO_MODES: ReadonlySet<RelayMode> = new Set(['transcription', 'translation']);

/**
 * A complete OpenAI-format success answer: upstream's bytes go to the client unchanged unless the
 * profile converts them; usage and the generated text are read from the parsed body.
 * Speech audio and non-JSON transcripts (text, srt, vtt) pass through with no usage.
 * An `error` object with a type inside a 200 body is thrown as an upstream RelayError.
 */
export function convertOpenAiResponse(
  profile: OpenAiCompatibleProfile,
  input: RelayCallInput,
  body: Buffer,
  contentType: string,
): ConvertedResponse {
  const passThrough: ConvertedResponse = {
    body,
    contentType,
    usage: undefined,
    completionText: '',
  };
  if (input.mode === 'speech') return passThrough;
  const isJson = contentType === '' || contentType.toLowerCase().includes('json');
  if (!isJson && !JSON_REQUIRED_MODES.has(input.mode)) return passThrough;

  const text = body.toString('utf8');
  if (
    input.mode === 'embeddings' &&
    /^\s*\{/.test(text.slice(0, 64)) &&
    !text.includes('"error"')
  ) {
    // Embedding answers can be megabytes of floats: read only the trailing usage object.
    const usageObject = readTrailingObject(text, '"usage"');
    return {
      body,
      contentType: contentType || 'application/json',
      usage: usageObject ? profile.convertUsage(usageObject) : undefined,
      completionText: '',
    };
  }

  const json = parseJsonObject(text);
  if (!json) {
    if (!JSON_REQUIRED_MODES.has(input.mode)) return passThrough;
    throw answerNotAnObject();
  }
  const error = findErrorInSuccessBody(json);
  if (error) throw error;

  const usageObject = readObject(json, 'usage');
  let usage: Usage | undefined;
  if (usageObject) {
    usage = AUDIO_MODES.has(input.mode)
      ? convertAudioUsage(usageObject)
      : profile.convertUsage(usageObject);
  }
  // The generated text only matters when upstream reported no usage (it is counted locally then).
  let completionText = '';
  if (
    usage === undefined &&
    (input.mode === 'chat' || input.mode === 'completions' || input.mode === 'edits')
  ) {
    completionText = joinGeneratedText(readResponseText(json));
  } else if (usage === undefined && input.mode === 'responses') {
    completionText = readResponsesOutputText(json);
  }
  const converted = profile.convertBody?.(json, input);
  if (!converted) {
    return { body, contentType: contentType || 'application/json', usage, completionText };
  }
  return {
    body: JSON.stringify(converted),
    contentType: 'application/json',
    usage,
    completionText,
  };
}

/**
 * The JSON object following the last occurrence of `key` (a quoted property name) in `text`,
 * parsed on its own; undefined when absent or malformed. Scans only the object's characters.
 */
export function readTrailingObject(text: string, key: string): JsonObject | undefined {
  const keyPosition = text.lastIndexOf(key);
  if (keyPosition === -1) return undefined;
  const start = text.indexOf('{', keyPosition + key.length);
  if (start === -1 || text.slice(keyPosition + key.length, start).trim() !== ':') return undefined;
  let depth = 0;
  let inString = false;
  for (let cursor = start; cursor < text.length; cursor += 1) {
    const code = text.charCodeAt(cursor);
    if (inString) {
      if (code === 92)
        cursor += 1; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 123) {
      depth += 1;
    } else if (code === 125) {
      depth -= 1;
      if (depth === 0) return parseJsonObject(text.slice(start, cursor + 1));
    }
  }
  return undefined;
}

/** The generated text of a Response object: output texts, reasoning and function calls. */
function readResponsesOutputText(response: JsonObject): string {
  let text = '';
  for (const item of readObjectArray(response, 'output')) {
    if (item.type === 'function_call') {
      text += (readString(item, 'name') ?? '') + (readString(item, 'arguments') ?? '');
    }
    for (const part of [...readObjectArray(item, 'content'), ...readObjectArray(item, 'summary')]) {
      text += readString(part, 'text') ?? '';
    }
  }
  return text;
}
