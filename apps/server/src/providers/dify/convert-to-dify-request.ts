import { messageText } from '../hub/message-text.js';
import { isJsonObject, readString, type JsonObject } from '../json-guards.js';
import type { DifyChatRequest, DifyFile } from './dify-api-types.js';

/** A `data:` URL image, uploaded to Dify before the call. */
export function isDataUrl(url: string): boolean {
  return url.startsWith('data:');
}

function imageUrlOf(part: JsonObject): string | undefined {
  if (part.type !== 'image_url') return undefined;
  const image = part.image_url;
  if (typeof image === 'string') return image;
  return isJsonObject(image) ? readString(image, 'url') : undefined;
}

function messagesOf(body: JsonObject): JsonObject[] {
  return Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
}

/** The image URLs of the user messages, in order (what becomes the call's `files`). */
export function difyImageUrls(body: JsonObject): string[] {
  const urls: string[] = [];
  for (const message of messagesOf(body)) {
    const role = readString(message, 'role');
    if (role === 'system' || role === 'developer' || role === 'assistant') continue;
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content) {
      const url = isJsonObject(part) ? imageUrlOf(part) : undefined;
      if (url) urls.push(url);
    }
  }
  return urls;
}

/**
 * The whole conversation as Dify's single `query` (as new-api builds it): each system (or
 * developer) message as `SYSTEM: \n<text>\n`, each assistant message as `ASSISTANT: \n<text>\n`,
 * and each text part of the other messages (user, tool) as `USER: \n<text>\n`.
 */
export function flattenDifyQuery(body: JsonObject): string {
  let query = '';
  for (const message of messagesOf(body)) {
    const role = readString(message, 'role');
    if (role === 'system' || role === 'developer') {
      query += `SYSTEM: \n${messageText(message.content)}\n`;
    } else if (role === 'assistant') {
      query += `ASSISTANT: \n${messageText(message.content)}\n`;
    } else if (typeof message.content === 'string') {
      query += `USER: \n${message.content}\n`;
    } else if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if (isJsonObject(part) && part.type === 'text') {
          query += `USER: \n${readString(part, 'text') ?? ''}\n`;
        }
      }
    }
  }
  return query;
}

/**
 * The chat-messages body of a chat call: the flattened query, no inputs, blocking or streaming,
 * `user` = the client's `user` or `chatcmpl-<request id>`, the client's `conversation_id` when it
 * sent one; images as `files` — http(s) URLs for Dify to fetch, `data:` URLs as `local_file`
 * entries whose `upload_file_id` is filled once uploaded (see uploadDifyImages).
 */
export function convertToDifyRequest(
  body: JsonObject,
  stream: boolean,
  requestId: string | undefined,
): DifyChatRequest {
  const request: DifyChatRequest = {
    inputs: {},
    query: flattenDifyQuery(body),
    response_mode: stream ? 'streaming' : 'blocking',
    user: readString(body, 'user') || `chatcmpl-${requestId ?? ''}`,
  };
  const conversation = readString(body, 'conversation_id');
  if (conversation) request.conversation_id = conversation;
  const files: DifyFile[] = difyImageUrls(body).map((url) =>
    isDataUrl(url)
      ? { type: 'image', transfer_method: 'local_file', upload_file_id: '' }
      : { type: 'image', transfer_method: 'remote_url', url },
  );
  if (files.length > 0) request.files = files;
  return request;
}
