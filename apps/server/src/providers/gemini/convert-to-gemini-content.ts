import { RelayError } from '../../errors/relay-error.js';
import {
  isJsonObject,
  readArray,
  readObject,
  readString,
  type JsonObject,
} from '../json-guards.js';
import type { GeminiContent, GeminiPart } from './gemini-api-types.js';

/**
 * Google's documented placeholder signature for a function call whose real thought signature is
 * unknown (history written by another model or client): Gemini 3 models refuse a function call
 * in history without one.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** The chat messages of an OpenAI request as Gemini `contents` and `systemInstruction`. */
export interface GeminiConversation {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
}

/**
 * Converts OpenAI chat messages: system and developer messages joined with `\n` into the system
 * instruction; `assistant` becomes role `model` with its tool calls as `functionCall` parts (their
 * thought signatures restored from `extra_content.google.thought_signature`); `tool` and
 * `function` messages become `functionResponse` parts of one user turn, named from the message or
 * from the earlier call with the same id.
 */
export function convertToGeminiContents(
  messages: unknown,
  options: { needsSignatures: boolean },
): GeminiConversation {
  if (!Array.isArray(messages)) throw RelayError.badRequest('messages must be an array');
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  for (const message of messages) {
    if (!isJsonObject(message)) throw RelayError.badRequest('each message must be an object');
    const role = readString(message, 'role') ?? '';
    if (role === 'system' || role === 'developer') {
      const text = contentText(message.content);
      if (text) system.push(text);
      continue;
    }
    if (role === 'tool' || role === 'function') {
      const part = functionResponsePart(message, callNames);
      const last = contents.at(-1);
      // Gemini wants every response to one model turn's calls in the single user turn after it.
      if (last?.role === 'user' && last.parts?.every((item) => item.functionResponse)) {
        last.parts.push(part);
      } else {
        contents.push({ role: 'user', parts: [part] });
      }
      continue;
    }
    if (role === 'assistant') {
      contents.push({ role: 'model', parts: modelParts(message, callNames, options) });
      continue;
    }
    contents.push({ role: 'user', parts: contentParts(message.content) });
  }
  const conversation: GeminiConversation = { contents };
  if (system.length > 0) conversation.systemInstruction = { parts: [{ text: system.join('\n') }] };
  return conversation;
}

function modelParts(
  message: JsonObject,
  callNames: Map<string, string>,
  options: { needsSignatures: boolean },
): GeminiPart[] {
  const parts = message.content === null ? [] : contentParts(message.content);
  let first = true;
  for (const call of readArray(message, 'tool_calls') ?? []) {
    if (!isJsonObject(call)) continue;
    const fn = readObject(call, 'function') ?? {};
    const name = readString(fn, 'name') ?? '';
    const id = readString(call, 'id');
    if (id) callNames.set(id, name);
    const part: GeminiPart = { functionCall: { name, args: parseArgs(fn.arguments) } };
    const signature = readThoughtSignature(call);
    if (signature) part.thoughtSignature = signature;
    else if (first && options.needsSignatures) part.thoughtSignature = SKIP_THOUGHT_SIGNATURE;
    first = false;
    parts.push(part);
  }
  return parts.filter((part) => part.text !== '');
}

/** `extra_content.google.thought_signature`, the OpenAI-side carrier of a thought signature. */
export function readThoughtSignature(call: JsonObject): string | undefined {
  const extra = readObject(call, 'extra_content');
  const google = extra && readObject(extra, 'google');
  return (google && readString(google, 'thought_signature')) || undefined;
}

function functionResponsePart(message: JsonObject, callNames: Map<string, string>): GeminiPart {
  const callId = readString(message, 'tool_call_id') ?? '';
  const name = readString(message, 'name') || callNames.get(callId) || '';
  const text = contentText(message.content);
  let response: unknown;
  try {
    response = JSON.parse(text);
  } catch {
    response = undefined;
  }
  // A function response must be a JSON object.
  return {
    functionResponse: {
      name,
      response: isJsonObject(response) ? response : { content: response ?? text },
    },
  };
}

function parseArgs(value: unknown): Record<string, unknown> {
  if (isJsonObject(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    throw RelayError.badRequest('tool call arguments must be a JSON object');
  }
}

/** The text of a message content (a string or the text parts of an array). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isJsonObject)
    .map((part) => (part.type === 'text' ? (readString(part, 'text') ?? '') : ''))
    .join('');
}

/** A message content as Gemini parts: text, images, audio and files inline. */
function contentParts(content: unknown): GeminiPart[] {
  if (typeof content === 'string') return [{ text: content }];
  if (content === undefined || content === null) return [];
  if (!Array.isArray(content))
    throw RelayError.badRequest('message content must be a string or an array');
  const parts: GeminiPart[] = [];
  for (const item of content) {
    if (!isJsonObject(item)) continue;
    switch (item.type) {
      case 'text':
        parts.push({ text: readString(item, 'text') ?? '' });
        break;
      case 'image_url': {
        const image = item.image_url;
        const url =
          typeof image === 'string' ? image : isJsonObject(image) ? readString(image, 'url') : '';
        parts.push(mediaPart(url ?? ''));
        break;
      }
      case 'input_audio': {
        const audio = readObject(item, 'input_audio') ?? {};
        parts.push({
          inlineData: {
            mimeType: `audio/${readString(audio, 'format') ?? 'wav'}`,
            data: readString(audio, 'data') ?? '',
          },
        });
        break;
      }
      case 'file': {
        const file = readObject(item, 'file') ?? {};
        parts.push(mediaPart(readString(file, 'file_data') ?? readString(file, 'file_id') ?? ''));
        break;
      }
      default:
        break;
    }
  }
  return parts;
}

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/**
 * A data URL as inline bytes; any other URL as a file reference (Gemini fetches `gs://`, Files API
 * and public HTTP addresses itself, so nothing is downloaded on the relay's hot path).
 */
function mediaPart(url: string): GeminiPart {
  if (!url) throw RelayError.badRequest('an image or file part has no URL');
  const match = DATA_URL.exec(url);
  if (match) return { inlineData: { mimeType: match[1], data: match[2] } };
  return { fileData: { mimeType: guessMimeType(url), fileUri: url } };
}

function guessMimeType(url: string): string {
  const path = url.split(/[?#]/)[0].toLowerCase();
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.webp')) return 'image/webp';
  if (path.endsWith('.gif')) return 'image/gif';
  if (path.endsWith('.pdf')) return 'application/pdf';
  if (path.endsWith('.mp3')) return 'audio/mp3';
  if (path.endsWith('.wav')) return 'audio/wav';
  if (path.endsWith('.mp4')) return 'video/mp4';
  return 'image/jpeg';
}
