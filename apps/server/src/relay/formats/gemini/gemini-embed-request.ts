import type { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { invalidArgument, isRecord } from './gemini-request-guards.js';

/** Gemini's two embedding methods, as the route names them. */
export type GeminiEmbedMethod = 'embedContent' | 'batchEmbedContents';

/** The fields of one EmbedContentRequest the conversion reads. */
const READ_FIELDS = new Set(['model', 'content', 'outputDimensionality']);

/**
 * The text of one EmbedContentRequest's `content`: its text parts, joined by new lines (Gemini
 * embeds a content's parts as one text). Other parts (inline data, files) cannot reach an
 * OpenAI-style channel and are reported dropped.
 */
function contentText(content: unknown, where: string, dropped: DroppedFields): string {
  if (!isRecord(content) || !Array.isArray(content.parts) || content.parts.length === 0) {
    throw invalidArgument(`* ${where}.content: content is not specified`);
  }
  const texts: string[] = [];
  for (const part of content.parts) {
    if (!isRecord(part))
      throw invalidArgument(`* ${where}.content.parts: a part must be an object`);
    if (typeof part.text === 'string') texts.push(part.text);
    else dropped.add('content.parts[].inlineData');
  }
  return texts.join('\n');
}

/**
 * A Gemini embedding request (`embedContent`: one EmbedContentRequest; `batchEmbedContents`:
 * `{requests: [EmbedContentRequest…]}`) as the internal call, an OpenAI embeddings body for the
 * route's model: one input per request (a string for embedContent, an array for a batch, in
 * order), `outputDimensionality` as `dimensions`. `taskType` and `title` have no OpenAI
 * equivalent and are reported dropped (a Gemini channel receives them in the client's own body).
 */
export function geminiEmbedToEmbeddings(
  method: GeminiEmbedMethod,
  request: unknown,
  model: string,
  dropped: DroppedFields,
): Record<string, unknown> {
  if (!isRecord(request)) throw invalidArgument('the request body must be a JSON object');
  let requests: Record<string, unknown>[];
  let where: (index: number) => string;
  if (method === 'embedContent') {
    requests = [request];
    where = () => 'EmbedContentRequest';
  } else {
    const list = request.requests;
    if (!Array.isArray(list) || list.length === 0) {
      throw invalidArgument('* BatchEmbedContentsRequest.requests: requests is not specified');
    }
    requests = list.map((item, index) => {
      if (!isRecord(item)) throw invalidArgument(`* requests[${index}]: must be an object`);
      return item;
    });
    where = (index) => `BatchEmbedContentsRequest.requests[${index}]`;
    dropped.addUnread(request, new Set(['requests', 'model']));
  }
  const texts = requests.map((item, index) => contentText(item.content, where(index), dropped));
  let dimensions: number | undefined;
  for (const item of requests) {
    dropped.addUnread(item, READ_FIELDS);
    const asked = item.outputDimensionality;
    if (asked === undefined || asked === null) continue;
    if (typeof asked !== 'number' || !Number.isInteger(asked) || asked <= 0) {
      throw invalidArgument('* outputDimensionality: must be a positive integer');
    }
    // One OpenAI call has one `dimensions`: the first request's wins.
    if (dimensions === undefined) dimensions = asked;
    else if (asked !== dimensions) dropped.add('outputDimensionality');
  }
  const body: Record<string, unknown> = {
    model,
    input: method === 'embedContent' ? texts[0] : texts,
  };
  if (dimensions !== undefined) body.dimensions = dimensions;
  return body;
}
