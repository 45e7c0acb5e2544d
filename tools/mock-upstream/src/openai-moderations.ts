import { isRecord, readString } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import { sendJson, type RouteContext } from './route-context.js';

const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** The word that makes the mock flag an input (category `violence`). */
export const FLAGGED_WORD = 'violence';

/** Texts to moderate: a string, strings, or multimodal parts (`{type:"text", text}`). */
function moderationTexts(input: unknown): string[] | undefined {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) return undefined;
  return input.map((item) => {
    if (typeof item === 'string') return item;
    return isRecord(item) ? (readString(item, 'text') ?? '') : '';
  });
}

function result(text: string): Record<string, unknown> {
  const flagged = text.toLowerCase().includes(FLAGGED_WORD);
  const categories: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  for (const category of CATEGORIES) {
    const hit = flagged && category === 'violence';
    categories[category] = hit;
    scores[category] = hit ? 0.99 : 0.0001;
  }
  return { flagged, categories, category_scores: scores };
}

/** `POST /v1/moderations`: one result per input, flagged (violence) when it mentions "violence". */
export function handleModerations(context: RouteContext): void {
  const texts = moderationTexts(context.body.input);
  if (texts === undefined) {
    sendProviderError(context, 400, "'input' must be a string or a non-empty array.", {
      param: 'input',
    });
    return;
  }
  sendJson(context, 200, {
    id: context.nextId('modr-mock'),
    model: context.model || 'omni-moderation-latest',
    results: texts.map(result),
  });
}
