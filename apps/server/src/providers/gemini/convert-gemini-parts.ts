import { randomUUID } from 'node:crypto';
import type { GeminiWirePart } from './gemini-wire-schemas.js';

/** An OpenAI tool call made from a Gemini `functionCall` part. */
export interface ConvertedToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Google's carrier of the call's thought signature, sent back with the call in history. */
  extra_content?: { google: { thought_signature: string } };
}

/** The parts of one candidate, sorted into what an OpenAI message holds. */
export interface ConvertedParts {
  content: string[];
  reasoning: string[];
  toolCalls: ConvertedToolCall[];
}

/**
 * Sorts Gemini parts: thoughts → reasoning; text, drawn images (as Markdown data-URL images),
 * executed code and its result (as fenced blocks) → content; function calls → tool calls with an
 * id (`call_<uuid>` when Gemini gives none) and their arguments as JSON text.
 */
export function convertGeminiParts(parts: readonly GeminiWirePart[] | undefined): ConvertedParts {
  const converted: ConvertedParts = { content: [], reasoning: [], toolCalls: [] };
  for (const part of parts ?? []) {
    if (part.functionCall) {
      const call: ConvertedToolCall = {
        id: part.functionCall.id || `call_${randomUUID().replaceAll('-', '')}`,
        type: 'function',
        function: {
          name: part.functionCall.name ?? '',
          arguments: JSON.stringify(part.functionCall.args ?? {}),
        },
      };
      if (part.thoughtSignature) {
        call.extra_content = { google: { thought_signature: part.thoughtSignature } };
      }
      converted.toolCalls.push(call);
    } else if (part.thought && typeof part.text === 'string') {
      if (part.text) converted.reasoning.push(part.text);
    } else if (typeof part.text === 'string') {
      if (part.text) converted.content.push(part.text);
    } else if (part.inlineData?.data) {
      const mime = part.inlineData.mimeType ?? 'image/png';
      converted.content.push(`![image](data:${mime};base64,${part.inlineData.data})`);
    } else if (part.executableCode) {
      const language = (part.executableCode.language ?? '').toLowerCase();
      converted.content.push(`\`\`\`${language}\n${part.executableCode.code ?? ''}\n\`\`\``);
    } else if (part.codeExecutionResult) {
      converted.content.push(`\`\`\`output\n${part.codeExecutionResult.output ?? ''}\n\`\`\``);
    }
  }
  return converted;
}

/**
 * Gemini's finish reason as OpenAI's: STOP → stop, MAX_TOKENS → length, any tool call →
 * tool_calls, every other reason (SAFETY, RECITATION, BLOCKLIST, …) → content_filter.
 */
export function mapGeminiFinishReason(
  reason: string | undefined,
  hasToolCalls: boolean,
): string | null {
  if (reason === undefined || reason === '' || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'STOP') return hasToolCalls ? 'tool_calls' : 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  return 'content_filter';
}
