import { readString } from './json-shape.js';
import { FALLBACK_MODEL, MOCK_CREATED } from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import { completionTokens, promptTokensForCharacters, replyText } from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';

/**
 * `POST /v1/edits` (OpenAI's retired edits endpoint, still spoken by old clients): the
 * deterministic reply as the edited text, usage counted over the instruction and the input.
 */
export function handleEdits(context: RouteContext): void {
  const { body, controls } = context;
  const instruction = readString(body, 'instruction');
  if (instruction === undefined || instruction === '') {
    sendProviderError(context, 400, "'instruction' is a required property", {
      param: 'instruction',
    });
    return;
  }
  const input = readString(body, 'input') ?? '';
  const promptTokens = promptTokensForCharacters(instruction.length + input.length);
  const outputTokens = completionTokens(controls.chunks);
  const edit: Record<string, unknown> = {
    object: 'edit',
    created: MOCK_CREATED,
    model: context.model || FALLBACK_MODEL,
    choices: [{ text: replyText(controls.chunks), index: 0 }],
  };
  if (!controls.omitUsage) {
    edit.usage = {
      prompt_tokens: promptTokens,
      completion_tokens: outputTokens,
      total_tokens: promptTokens + outputTokens,
    };
  }
  sendJson(context, 200, edit);
}
