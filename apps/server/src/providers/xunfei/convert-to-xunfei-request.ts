import { messageText } from '../hub/message-text.js';
import {
  isJsonObject,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from '../json-guards.js';
import type { SparkFunction, SparkMessage, SparkRequestFrame } from './xunfei-api-types.js';
import type { SparkCredentials } from './xunfei-auth.js';
import { sparkDomain } from './xunfei-version.js';

/** iFlytek caps `header.uid` at 32 characters. */
const UID_LIMIT = 32;
const DEFAULT_UID = 'tollgate';

/**
 * Spark knows system, user and assistant messages with text content only: developer messages
 * are system messages; tool results (and legacy function results) go back as user messages; an
 * assistant's tool calls are not re-sent, Spark keeping no call ids.
 */
function toSparkMessage(message: JsonObject): SparkMessage | undefined {
  const content = messageText(message.content);
  const role = readString(message, 'role');
  if (role === 'system' || role === 'developer') {
    return content === '' ? undefined : { role: 'system', content };
  }
  if (role === 'assistant') return content === '' ? undefined : { role, content };
  return { role: 'user', content };
}

function toSparkFunctions(tools: unknown): SparkFunction[] {
  if (!Array.isArray(tools)) return [];
  const functions: SparkFunction[] = [];
  for (const tool of tools) {
    const fn = isJsonObject(tool) ? readObject(tool, 'function') : undefined;
    const name = fn && readString(fn, 'name');
    if (!fn || !name) continue;
    const entry: SparkFunction = { name };
    const description = readString(fn, 'description');
    if (description) entry.description = description;
    if (fn.parameters !== undefined) entry.parameters = fn.parameters;
    functions.push(entry);
  }
  return functions;
}

/**
 * The request frame of a chat call: the app id and the client's `user` (or "tollgate") in the
 * header; domain (from the API version), temperature, max_tokens and top_k as chat parameters; the
 * messages as text; the client's tools as `functions`.
 */
export function convertToSparkRequest(
  body: JsonObject,
  credentials: SparkCredentials,
  version: string,
): SparkRequestFrame {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
  const text: SparkMessage[] = [];
  for (const message of messages) {
    const converted = toSparkMessage(message);
    if (converted) text.push(converted);
  }
  const chat: SparkRequestFrame['parameter']['chat'] = { domain: sparkDomain(version) };
  const temperature = readNumber(body, 'temperature');
  if (temperature !== undefined) chat.temperature = temperature;
  const maxTokens = readNumber(body, 'max_tokens') ?? readNumber(body, 'max_completion_tokens');
  if (maxTokens !== undefined) chat.max_tokens = maxTokens;
  const topK = readNumber(body, 'top_k');
  if (topK !== undefined) chat.top_k = topK;

  const frame: SparkRequestFrame = {
    header: {
      app_id: credentials.appId,
      uid: (readString(body, 'user') || DEFAULT_UID).slice(0, UID_LIMIT),
    },
    parameter: { chat },
    payload: { message: { text } },
  };
  const functions = toSparkFunctions(body.tools);
  if (functions.length > 0) frame.payload.functions = { text: functions };
  return frame;
}
