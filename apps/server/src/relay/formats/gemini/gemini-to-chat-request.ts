import type {
  GeminiContent,
  GeminiPart,
  GeminiRequest,
} from '../../../providers/gemini/gemini-api-types.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { applyGenerationConfig, GENERATION_CONFIG_READ } from './gemini-generation-config.js';
import { invalidArgument, isRecord } from './gemini-request-guards.js';
import { convertToolChoice, convertTools } from './gemini-tools-to-chat.js';

function mediaPart(part: GeminiPart, where: string): Record<string, unknown> {
  const inline = part.inlineData;
  const mimeType = String(inline?.mimeType ?? part.fileData?.mimeType ?? '');
  if (inline !== undefined && (typeof inline.data !== 'string' || inline.data === '')) {
    throw invalidArgument(`${where}.inlineData.data is required`);
  }
  const url = inline
    ? `data:${mimeType};base64,${inline.data}`
    : String(part.fileData?.fileUri ?? '');
  if (!url) throw invalidArgument(`${where}.fileData.fileUri is required`);
  if (mimeType.startsWith('image/') || (!mimeType && !inline)) {
    return { type: 'image_url', image_url: { url } };
  }
  const audio = /^audio\/(?:x-)?(wav|mp3|mpeg)$/.exec(mimeType);
  if (audio && inline) {
    return {
      type: 'input_audio',
      input_audio: { data: inline.data, format: audio[1] === 'mpeg' ? 'mp3' : audio[1] },
    };
  }
  if (mimeType === 'application/pdf' && inline) {
    return { type: 'file', file: { filename: 'document.pdf', file_data: url } };
  }
  throw invalidArgument(`${where}: media of type ${mimeType || 'unknown'} is not supported`);
}

/** Tool-call ids: Gemini's own when it sends them, else made up and matched to responses by name. */
class CallIds {
  private next = 0;
  private readonly open = new Map<string, string[]>();

  forCall(name: string, id: string | undefined): string {
    const callId = id || `call_${++this.next}`;
    const queue = this.open.get(name) ?? [];
    queue.push(callId);
    this.open.set(name, queue);
    return callId;
  }

  forResponse(name: string, id: string | undefined): string {
    const queue = this.open.get(name);
    if (id) {
      const at = queue?.indexOf(id) ?? -1;
      if (at >= 0) queue!.splice(at, 1);
      return id;
    }
    return queue?.shift() ?? `call_${++this.next}`;
  }
}

function partsOf(content: GeminiContent, where: string): GeminiPart[] {
  if (!isRecord(content)) throw invalidArgument(`${where} must be an object`);
  if (content.parts === undefined) return [];
  if (!Array.isArray(content.parts)) throw invalidArgument(`${where}.parts must be an array`);
  return content.parts.map((part, index) => {
    if (!isRecord(part)) throw invalidArgument(`${where}.parts[${index}] must be an object`);
    return part as GeminiPart;
  });
}

function systemMessage(instruction: GeminiRequest['systemInstruction']): string | undefined {
  if (instruction === undefined || instruction === null) return undefined;
  if (typeof instruction === 'string') return instruction;
  const texts = partsOf(instruction, 'systemInstruction').map((part) => {
    if (typeof part.text !== 'string') {
      throw invalidArgument('systemInstruction parts must be text');
    }
    return part.text;
  });
  return texts.join('\n');
}

/** One Gemini content as chat messages: tool results first, then the turn itself. */
function contentMessages(
  content: GeminiContent,
  where: string,
  ids: CallIds,
): Array<Record<string, unknown>> {
  const role = content.role ?? 'user';
  if (role !== 'user' && role !== 'model' && role !== 'function') {
    throw invalidArgument(`${where}.role must be "user" or "model"`);
  }
  const parts = partsOf(content, where);
  const messages: Array<Record<string, unknown>> = [];
  if (role === 'model') {
    let text = '';
    const toolCalls: Array<Record<string, unknown>> = [];
    parts.forEach((part, index) => {
      if (part.thought === true) return;
      if (typeof part.text === 'string') text += part.text;
      else if (part.functionCall) {
        const call = part.functionCall;
        if (!isRecord(call) || typeof call.name !== 'string' || call.name === '') {
          throw invalidArgument(`${where}.parts[${index}].functionCall.name is required`);
        }
        toolCalls.push({
          id: ids.forCall(call.name, typeof call.id === 'string' ? call.id : undefined),
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
        });
      } else if (part.thoughtSignature === undefined) {
        throw invalidArgument(`${where}.parts[${index}] is not supported in a model turn`);
      }
    });
    const message: Record<string, unknown> = { role: 'assistant', content: text || null };
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    if (text || toolCalls.length > 0) messages.push(message);
    return messages;
  }
  const userParts: Array<Record<string, unknown>> = [];
  let onlyText = true;
  parts.forEach((part, index) => {
    const at = `${where}.parts[${index}]`;
    if (typeof part.text === 'string') {
      userParts.push({ type: 'text', text: part.text });
    } else if (part.functionResponse) {
      const result = part.functionResponse;
      if (!isRecord(result) || typeof result.name !== 'string' || result.name === '') {
        throw invalidArgument(`${at}.functionResponse.name is required`);
      }
      messages.push({
        role: 'tool',
        tool_call_id: ids.forResponse(
          result.name,
          typeof result.id === 'string' ? result.id : undefined,
        ),
        content: JSON.stringify(result.response ?? {}),
      });
    } else if (part.inlineData || part.fileData) {
      onlyText = false;
      userParts.push(mediaPart(part, at));
    } else {
      throw invalidArgument(
        `${at} has no supported field (text, inlineData, fileData, functionResponse)`,
      );
    }
  });
  if (userParts.length > 0) {
    messages.push({
      role: 'user',
      content: onlyText ? userParts.map((part) => part.text).join('') : userParts,
    });
  }
  return messages;
}

/** The request fields the conversion reads; any other set field is reported dropped. */
const READ_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'contents',
  'systemInstruction',
  'generationConfig',
  'tools',
  'toolConfig',
  'cachedContent',
]);

/**
 * A Gemini GenerateContentRequest as the internal call (an OpenAI chat completion request):
 * `systemInstruction` → a system message; each content → messages (`model` → assistant, with its
 * function calls as tool calls; `user` function responses → tool messages, matched to their call
 * by id or by name); inline images → `data:` URLs; `generationConfig` → sampling fields,
 * `max_tokens`, `stop` and `response_format`; function declarations → tools; `toolConfig` →
 * `tool_choice`. Throws 400 INVALID_ARGUMENT for what it cannot read or convert. What it drops
 * (`safetySettings`, generationConfig fields without a chat form, thought parts) is named in
 * `dropped`.
 */
export function geminiToChatRequest(
  request: unknown,
  model: string,
  stream: boolean,
  dropped: DroppedFields = new DroppedFields(),
): Record<string, unknown> {
  if (!isRecord(request)) throw invalidArgument('the request body must be a JSON object');
  dropped.addUnread(request, READ_FIELDS);
  if (isRecord(request.generationConfig)) {
    dropped.addUnread(request.generationConfig, GENERATION_CONFIG_READ, 'generationConfig.');
  }
  const gemini = request as GeminiRequest;
  if (gemini.cachedContent !== undefined) {
    throw invalidArgument("cachedContent is not supported on this model's channel");
  }
  if (!Array.isArray(gemini.contents) || gemini.contents.length === 0) {
    throw invalidArgument('contents is not specified');
  }
  const messages: Array<Record<string, unknown>> = [];
  const system = systemMessage(gemini.systemInstruction);
  if (system !== undefined) messages.push({ role: 'system', content: system });
  const ids = new CallIds();
  gemini.contents.forEach((content, index) => {
    messages.push(...contentMessages(content, `contents[${index}]`, ids));
  });
  if (messages.every((message) => message.role === 'system')) {
    throw invalidArgument('contents must hold at least one part');
  }
  const body: Record<string, unknown> = { model, messages };
  if (stream) body.stream = true;
  applyGenerationConfig(body, gemini.generationConfig);
  const tools = convertTools(gemini.tools);
  if (tools) body.tools = tools;
  const toolChoice = convertToolChoice(gemini.toolConfig);
  if (toolChoice !== undefined && tools) body.tool_choice = toolChoice;
  return body;
}
