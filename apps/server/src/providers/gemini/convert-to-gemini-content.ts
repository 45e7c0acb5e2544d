import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readObject, readString, type JsonObject } from '../json-guards.js';
import {
  imagePartUrl,
  isKnownPart,
  type AssistantMessage,
  type ChatMessage,
  type FunctionMessage,
  type MessageContent,
  type ToolMessage,
} from '../hub/internal-call.js';
import type { GeminiContent, GeminiPart } from './gemini-api-types.js';
import type { DroppedFields } from '../hub/dropped-fields.js';

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
  messages: readonly ChatMessage[],
  options: { needsSignatures: boolean; dropped?: DroppedFields },
): GeminiConversation {
  const { dropped } = options;
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = contentText(message.content);
        if (text) system.push(text);
        break;
      }
      case 'tool':
      case 'function': {
        const part = functionResponsePart(message, callNames);
        const last = contents.at(-1);
        // Gemini wants every response to one model turn's calls in the single user turn after it.
        if (last?.role === 'user' && last.parts?.every((item) => item.functionResponse)) {
          last.parts.push(part);
        } else {
          contents.push({ role: 'user', parts: [part] });
        }
        break;
      }
      case 'assistant':
        contents.push({ role: 'model', parts: modelParts(message, callNames, options) });
        if (message.reasoning_content) dropped?.add('messages.reasoning_content');
        break;
      case 'user':
        contents.push({ role: 'user', parts: contentParts(message.content, dropped) });
        break;
    }
  }
  const conversation: GeminiConversation = { contents };
  if (system.length > 0) conversation.systemInstruction = { parts: [{ text: system.join('\n') }] };
  return conversation;
}

function modelParts(
  message: AssistantMessage,
  callNames: Map<string, string>,
  options: { needsSignatures: boolean; dropped?: DroppedFields },
): GeminiPart[] {
  const parts = contentParts(message.content, options.dropped);
  let first = true;
  for (const call of message.tool_calls ?? []) {
    const name = call.function.name;
    if (call.id) callNames.set(call.id, name);
    const part: GeminiPart = { functionCall: { name, args: parseArgs(call.function.arguments) } };
    const signature = readThoughtSignature(call);
    if (signature) part.thoughtSignature = signature;
    else if (first && options.needsSignatures) part.thoughtSignature = SKIP_THOUGHT_SIGNATURE;
    first = false;
    parts.push(part);
  }
  return parts.filter((part) => part.text !== '');
}

/** `extra_content.google.thought_signature`, the OpenAI-side carrier of a thought signature. */
export function readThoughtSignature(call: { extra_content?: JsonObject }): string | undefined {
  const extra = call.extra_content;
  const google = extra && readObject(extra, 'google');
  return (google && readString(google, 'thought_signature')) || undefined;
}

function functionResponsePart(
  message: ToolMessage | FunctionMessage,
  callNames: Map<string, string>,
): GeminiPart {
  const callId = message.tool_call_id ?? '';
  const name = (message.role === 'function' && message.name) || callNames.get(callId) || '';
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

function parseArgs(value: string | undefined): Record<string, unknown> {
  if (value === undefined || value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    throw RelayError.badRequest('tool call arguments must be a JSON object');
  }
}

/** The text of a message content (a string or the text parts of an array). */
function contentText(content: MessageContent | undefined): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => (part.type === 'text' ? String(part.text) : '')).join('');
}

/** A message content as Gemini parts: text, images, audio and files inline; other parts dropped. */
function contentParts(content: MessageContent | undefined, dropped?: DroppedFields): GeminiPart[] {
  if (typeof content === 'string') return [{ text: content }];
  if (!content) return [];
  const parts: GeminiPart[] = [];
  for (const item of content) {
    if (!isKnownPart(item)) {
      dropped?.add(`content.${item.type}`);
      continue;
    }
    switch (item.type) {
      case 'text':
        parts.push({ text: item.text });
        break;
      case 'image_url':
        parts.push(mediaPart(imagePartUrl(item)));
        break;
      case 'input_audio':
        parts.push({
          inlineData: {
            mimeType: `audio/${item.input_audio.format ?? 'wav'}`,
            data: item.input_audio.data,
          },
        });
        break;
      case 'file':
        parts.push(mediaPart(item.file.file_data ?? item.file.file_id ?? ''));
        break;
      case 'refusal':
        dropped?.add('content.refusal');
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
