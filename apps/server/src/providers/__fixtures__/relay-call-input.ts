import type { ChannelTarget, RelayCallInput } from '../provider-adaptor.js';

/** A channel for unit tests: OpenAI type, test key, given overrides. */
export function makeChannel(overrides: Partial<ChannelTarget> = {}): ChannelTarget {
  return {
    id: 7,
    type: 1,
    name: 'test channel',
    key: 'sk-test',
    baseUrl: 'https://upstream.example',
    other: '',
    organization: '',
    setting: {},
    ...overrides,
  };
}

/** A chat call input for unit tests; `body.model` defaults to the upstream model. */
export function makeCallInput(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  const upstreamModel = overrides.upstreamModel ?? 'gpt-4o-mini';
  const body =
    'body' in overrides
      ? overrides.body
      : { model: upstreamModel, messages: [{ role: 'user', content: 'hi' }] };
  return {
    mode: 'chat',
    channel: makeChannel(),
    originalModel: upstreamModel,
    upstreamModel,
    rawBody: Buffer.from(JSON.stringify(body ?? null)),
    bodyUnchanged: false,
    contentType: 'application/json',
    path: '/v1/chat/completions',
    query: '',
    stream: false,
    clientWantsUsage: false,
    clientHeaders: {},
    ...overrides,
    body,
  };
}

/** Recorded fixture lines (one JSON event per line) as an SSE body, OpenAI style. */
export function openAiSseBody(lines: string[]): string {
  return lines.map((line) => `data: ${line}\n\n`).join('') + 'data: [DONE]\n\n';
}

/** Recorded Anthropic events (one JSON per line) as an SSE body with `event:` lines. */
export function anthropicSseBody(lines: string[]): string {
  return lines
    .map((line) => {
      const type = (JSON.parse(line) as { type: string }).type;
      return `event: ${type}\ndata: ${line}\n\n`;
    })
    .join('');
}

/** Non-empty lines of a `.chunks.txt` fixture. */
export function fixtureLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim().length > 0);
}
