import { dataEvent, writeEventStream } from './event-stream.js';
import { isRecord, type JsonRecord } from './json-shape.js';
import {
  FALLBACK_MODEL,
  MOCK_CREATED,
  OPENAI_MALFORMED_DATA,
  OPENAI_STREAM_ERROR,
} from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import {
  chunkTextJson,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';

/** Characters of `prompt` (a string or an array of strings); token arrays count one per token. */
function promptCharacters(prompt: unknown): number | undefined {
  if (typeof prompt === 'string') return prompt.length;
  if (!Array.isArray(prompt)) return undefined;
  let characters = 0;
  for (const item of prompt) {
    if (typeof item === 'string') characters += item.length;
    else if (typeof item === 'number') characters += 4;
    else if (Array.isArray(item)) characters += item.length * 4;
  }
  return characters;
}

/** `POST /v1/completions` (legacy text completions), plain or streamed. */
export function handleCompletions(context: RouteContext): void {
  const { body, controls } = context;
  const characters = promptCharacters(body.prompt);
  if (characters === undefined) {
    sendProviderError(context, 400, "'prompt' must be a string or an array.", { param: 'prompt' });
    return;
  }
  const id = context.nextId('cmpl-mock');
  const model = context.model || FALLBACK_MODEL;
  const promptTokens = promptTokensForCharacters(characters);
  const outputTokens = completionTokens(controls.chunks);
  const usage = controls.omitUsage
    ? undefined
    : {
        prompt_tokens: promptTokens,
        completion_tokens: outputTokens,
        total_tokens: promptTokens + outputTokens,
      };

  if (body.stream !== true) {
    const completion: JsonRecord = {
      id,
      object: 'text_completion',
      created: MOCK_CREATED,
      model,
      choices: [
        { text: replyText(controls.chunks), index: 0, logprobs: null, finish_reason: 'stop' },
      ],
    };
    if (usage) completion.usage = usage;
    sendJson(context, 200, completion);
    return;
  }

  const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
  const prefix = `{"id":${JSON.stringify(id)},"object":"text_completion","created":${MOCK_CREATED},"choices":[`;
  const suffix = `],"model":${JSON.stringify(model)}${includeUsage ? ',"usage":null' : ''}}`;
  const choice = (textJson: string, finish: string): string =>
    dataEvent(
      `${prefix}{"text":${textJson},"index":0,"logprobs":null,"finish_reason":${finish}}${suffix}`,
    );
  const content: string[] = [];
  for (let index = 0; index < controls.chunks; index += 1) {
    content.push(choice(chunkTextJson(index), 'null'));
  }
  let tail = choice('""', '"stop"');
  if (includeUsage && usage) {
    tail += dataEvent(
      `${prefix}],"model":${JSON.stringify(model)},"usage":${JSON.stringify(usage)}}`,
    );
  }
  tail += 'data: [DONE]\n\n';
  writeEventStream(context, {
    head: '',
    content,
    tail,
    malformedEvent: dataEvent(OPENAI_MALFORMED_DATA),
    errorEvent: dataEvent(OPENAI_STREAM_ERROR),
  });
}
