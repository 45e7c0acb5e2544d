import { RelayError } from '../../../errors/relay-error.js';
import type {
  GeminiContent,
  GeminiGenerationConfig,
  GeminiPart,
  GeminiRequest,
  GeminiTool,
} from '../../../providers/gemini/gemini-api-types.js';

/** A client mistake in a Gemini request: 400 INVALID_ARGUMENT. */
export function invalidArgument(message: string): RelayError {
  return RelayError.badRequest(message, 'invalid_argument');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalNumber(config: Record<string, unknown>, field: string): number | undefined {
  const value = config[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidArgument(`generationConfig.${field} must be a number`);
  }
  return value;
}

/**
 * Gemini's OpenAPI-style schema (`type: "OBJECT"`, `nullable`, `propertyOrdering`) as JSON Schema:
 * types in lower case, `nullable` as a `null` type, Gemini-only keys dropped, nested schemas
 * converted the same way.
 */
export function geminiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchemaToJsonSchema);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering' || key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') {
      if (value !== 'TYPE_UNSPECIFIED') out.type = value.toLowerCase();
    } else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, geminiSchemaToJsonSchema(property)]),
      );
    } else if (key === 'items' || key === 'anyOf') {
      out[key] = geminiSchemaToJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** `data:` URL of an inline part, or the file's URI. */
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

function convertTools(tools: unknown): Array<Record<string, unknown>> | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw invalidArgument('tools must be an array');
  const out: Array<Record<string, unknown>> = [];
  tools.forEach((tool: GeminiTool, index) => {
    if (!isRecord(tool)) throw invalidArgument(`tools[${index}] must be an object`);
    for (const key of Object.keys(tool)) {
      if (key !== 'functionDeclarations') {
        throw invalidArgument(`tools[${index}].${key} is not supported on this model's channel`);
      }
    }
    const declarations = tool.functionDeclarations ?? [];
    if (!Array.isArray(declarations)) {
      throw invalidArgument(`tools[${index}].functionDeclarations must be an array`);
    }
    declarations.forEach((declaration, at) => {
      if (!isRecord(declaration) || typeof declaration.name !== 'string' || !declaration.name) {
        throw invalidArgument(`tools[${index}].functionDeclarations[${at}].name is required`);
      }
      const fn: Record<string, unknown> = { name: declaration.name };
      if (typeof declaration.description === 'string') fn.description = declaration.description;
      if (declaration.parametersJsonSchema !== undefined) {
        fn.parameters = declaration.parametersJsonSchema;
      } else if (declaration.parameters !== undefined) {
        fn.parameters = geminiSchemaToJsonSchema(declaration.parameters);
      }
      out.push({ type: 'function', function: fn });
    });
  });
  return out.length > 0 ? out : undefined;
}

function convertToolChoice(config: GeminiRequest['toolConfig']): unknown {
  const calling = isRecord(config) ? config.functionCallingConfig : undefined;
  if (!isRecord(calling)) return undefined;
  const mode = String(calling.mode ?? 'AUTO').toUpperCase();
  const allowed = Array.isArray(calling.allowedFunctionNames) ? calling.allowedFunctionNames : [];
  if (mode === 'NONE') return 'none';
  if (mode === 'ANY' || mode === 'VALIDATED') {
    if (allowed.length === 1) return { type: 'function', function: { name: String(allowed[0]) } };
    return 'required';
  }
  if (mode === 'AUTO' || mode === 'MODE_UNSPECIFIED') return 'auto';
  throw invalidArgument(`toolConfig.functionCallingConfig.mode ${mode} is not supported`);
}

function applyGenerationConfig(
  body: Record<string, unknown>,
  config: GeminiGenerationConfig | undefined,
): void {
  if (config === undefined || config === null) return;
  if (!isRecord(config)) throw invalidArgument('generationConfig must be an object');
  const fields: Array<[string, string]> = [
    ['temperature', 'temperature'],
    ['topP', 'top_p'],
    ['topK', 'top_k'],
    ['maxOutputTokens', 'max_tokens'],
    ['presencePenalty', 'presence_penalty'],
    ['frequencyPenalty', 'frequency_penalty'],
    ['seed', 'seed'],
  ];
  for (const [gemini, openai] of fields) {
    const value = optionalNumber(config, gemini);
    if (value !== undefined) body[openai] = value;
  }
  if (typeof body.max_tokens === 'number' && body.max_tokens < 0) {
    throw invalidArgument('generationConfig.maxOutputTokens must not be negative');
  }
  const candidates = optionalNumber(config, 'candidateCount');
  if (candidates !== undefined && candidates !== 1) {
    throw invalidArgument('generationConfig.candidateCount: only 1 candidate is supported');
  }
  if (config.stopSequences !== undefined) {
    if (
      !Array.isArray(config.stopSequences) ||
      config.stopSequences.some((s) => typeof s !== 'string')
    ) {
      throw invalidArgument('generationConfig.stopSequences must be an array of strings');
    }
    if (config.stopSequences.length > 0) body.stop = config.stopSequences;
  }
  const mime = config.responseMimeType;
  if (mime === 'application/json') {
    const schema =
      config.responseJsonSchema ??
      (config.responseSchema !== undefined
        ? geminiSchemaToJsonSchema(config.responseSchema)
        : undefined);
    body.response_format =
      schema === undefined
        ? { type: 'json_object' }
        : { type: 'json_schema', json_schema: { name: 'response', schema } };
  } else if (mime !== undefined && mime !== 'text/plain') {
    throw invalidArgument(`generationConfig.responseMimeType ${String(mime)} is not supported`);
  }
}

/**
 * A Gemini GenerateContentRequest as the internal call (an OpenAI chat completion request):
 * `systemInstruction` → a system message; each content → messages (`model` → assistant, with its
 * function calls as tool calls; `user` function responses → tool messages, matched to their call
 * by id or by name); inline images → `data:` URLs; `generationConfig` → sampling fields,
 * `max_tokens`, `stop` and `response_format`; function declarations → tools; `toolConfig` →
 * `tool_choice`. Throws 400 INVALID_ARGUMENT for what it cannot read or convert.
 */
export function geminiToChatRequest(
  request: unknown,
  model: string,
  stream: boolean,
): Record<string, unknown> {
  if (!isRecord(request)) throw invalidArgument('the request body must be a JSON object');
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
