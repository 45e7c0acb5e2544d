import type { RelayMode } from '../../../providers/provider-adaptor.js';
import { addContentTexts, addField, addJsonTexts, addStrings } from '../request-texts.js';

/**
 * A chat message's texts: its content (string or text parts; images, audio and files skipped),
 * its `name`, a refusal it repeats, and the calls an assistant message made (names and arguments).
 * Tool messages are tool results: their content is read like any other.
 */
function addMessageTexts(message: unknown, out: string[]): void {
  if (typeof message !== 'object' || message === null) return;
  const fields = message as Record<string, unknown>;
  addContentTexts(fields.content, out);
  addField(fields, 'name', out);
  addField(fields, 'refusal', out);
  if (Array.isArray(fields.tool_calls)) {
    for (const call of fields.tool_calls) {
      const fn = (call as { function?: unknown } | null)?.function;
      addField(fn, 'name', out);
      addField(fn, 'arguments', out);
    }
  }
  const legacyCall = fields.function_call;
  addField(legacyCall, 'name', out);
  addField(legacyCall, 'arguments', out);
}

/**
 * Every text of an OpenAI-shaped request (the internal call) that reaches upstream, by mode: chat
 * messages, tool and function definitions and the structured-output schema; completion prompts
 * and suffixes; embedding and moderation inputs; edit instructions; image prompts; speech input
 * and its voice instructions. Images, audio and files are never read; rerank and audio uploads
 * carry no prompt of their own.
 */
export function openAiRequestTexts(
  mode: RelayMode,
  json: Record<string, unknown> | undefined,
): string[] {
  const out: string[] = [];
  if (!json) return out;
  switch (mode) {
    case 'chat':
      if (Array.isArray(json.messages)) {
        for (const message of json.messages) addMessageTexts(message, out);
      }
      addJsonTexts(json.tools, out);
      addJsonTexts(json.functions, out);
      addJsonTexts(json.response_format, out);
      break;
    case 'completions':
      addStrings(json.prompt, out);
      addField(json, 'suffix', out);
      break;
    case 'embeddings':
    case 'moderations':
      // Moderation inputs may be parts ({type: "text", text}) beside images.
      addContentTexts(json.input, out);
      break;
    case 'edits':
      addField(json, 'instruction', out);
      addStrings(json.input, out);
      break;
    case 'images':
      addField(json, 'prompt', out);
      break;
    case 'speech':
      addField(json, 'input', out);
      addField(json, 'instructions', out);
      break;
    default:
      break;
  }
  return out;
}
