import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { SseParser } from '../sse-parser.js';
import type { Usage } from '../usage.js';

const { getAdaptor } = createProviderRegistry();

function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

/** Recorded Responses events as OpenAI sends them: `event: <type>` and the JSON on `data:`. */
function responsesSseBody(lines: string[]): string {
  return lines
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join('');
}

const pdfLines = fixtureLines(fixture('responses-pdf-input-file.1.chunks.txt'));
const toolLines = fixtureLines(fixture('responses-lmstudio-tool-call.1.chunks.txt'));

const localUsage: Usage = {
  promptTokens: 1,
  completionTokens: 1,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
};

function responsesInput(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  return makeCallInput({
    mode: 'responses',
    path: '/v1/responses',
    stream: true,
    body: { model: 'gpt-4o-mini', input: 'hi', stream: true },
    ...overrides,
  });
}

/** Relays an SSE body cut into `pieces` through a fresh pass-through stream. */
function relay(pieces: Buffer[]) {
  const input = responsesInput();
  const stream = getAdaptor(1).createPassThroughStream!(input);
  const parser = new SseParser();
  let output = '';
  for (const piece of pieces) {
    for (const event of parser.push(piece)) output += stream.onEvent(event);
  }
  for (const event of parser.flush()) output += stream.onEvent(event);
  output += stream.finish({ clean: true, usage: stream.usage ?? localUsage });
  return { output, stream };
}

describe('the Responses pass-through stream', () => {
  it('relays every event byte for byte and reads the usage of response.completed', () => {
    const body = responsesSseBody(pdfLines);
    const { output, stream } = relay([Buffer.from(body)]);
    expect(output).toBe(body);
    expect(stream.usage).toEqual({
      promptTokens: 44,
      completionTokens: 4,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
    expect(stream.upstreamError).toBeUndefined();
  });

  it('gives the same output and usage at every split point of a recorded stream', () => {
    // The tool-call stream without its long reasoning and text deltas (a function call remains).
    const toolCallLines = toolLines.filter((line) => !line.includes('.delta"'));
    for (const lines of [pdfLines, toolCallLines]) {
      const body = Buffer.from(responsesSseBody(lines));
      const whole = relay([body]);
      for (let split = 0; split <= body.length; split += 1) {
        const { output, stream } = relay([body.subarray(0, split), body.subarray(split)]);
        expect(output, `split at byte ${split}`).toBe(whole.output);
        expect(stream.usage, `split at byte ${split}`).toEqual(whole.stream.usage);
      }
    }
  }, 60_000);

  it('reads cached and reasoning tokens, and counts text and calls locally only when asked', () => {
    const { stream } = relay([Buffer.from(responsesSseBody(toolLines))]);
    const completed = JSON.parse(toolLines[toolLines.length - 1]).response.usage;
    expect(stream.usage).toMatchObject({
      promptTokens: completed.input_tokens,
      completionTokens: completed.output_tokens,
      cachedTokens: completed.input_tokens_details.cached_tokens,
      reasoningTokens: completed.output_tokens_details.reasoning_tokens,
    });
    expect(stream.toolCallCount).toBe(1);
    expect(stream.completionText()).toContain("I'll get the current weather");
  });

  it('stops at an error event and at a failed response, keeping the frame for the client', () => {
    const error =
      '{"type":"error","code":"server_error","message":"boom","param":null,"sequence_number":3}';
    const body = responsesSseBody([...pdfLines.slice(0, 3), error, ...pdfLines.slice(3)]);
    const { output, stream } = relay([Buffer.from(body)]);
    expect(stream.upstreamError).toMatchObject({ message: 'boom', code: 'server_error' });
    expect(output.endsWith(`event: error\ndata: ${error}\n\n`)).toBe(true);

    const failed = JSON.stringify({
      type: 'response.failed',
      sequence_number: 4,
      response: {
        id: 'resp_x',
        status: 'failed',
        error: { code: 'server_error', message: 'failed upstream' },
        usage: null,
      },
    });
    const second = relay([Buffer.from(responsesSseBody([...pdfLines.slice(0, 3), failed]))]);
    expect(second.stream.upstreamError?.message).toBe('failed upstream');
  });
});

describe('the OpenAI adaptor in mode responses', () => {
  it('serves the Responses API on OpenAI and Azure only', () => {
    expect(getAdaptor(1).supports('responses')).toBe(true);
    expect(getAdaptor(3).supports('responses')).toBe(true);
    for (const type of [8, 20, 25, 43]) expect(getAdaptor(type).supports('responses')).toBe(false);
    expect(getAdaptor(14).supports('responses')).toBe(false);
  });

  it('forwards the client bytes to /v1/responses, and to Azure v1 path', () => {
    const rawBody = Buffer.from(
      '{"model":"gpt-4o-mini","input":"hi","stream_options":{"include_obfuscation":false}}',
    );
    const input = responsesInput({ rawBody, bodyUnchanged: true });
    const request = getAdaptor(1).buildRequest(input);
    expect(request.url).toBe('https://upstream.example/v1/responses');
    expect(request.body).toBe(rawBody);
    const azure = getAdaptor(3).buildRequest({
      ...input,
      channel: makeChannel({ type: 3, baseUrl: 'https://acme.openai.azure.com' }),
    });
    expect(azure.url).toBe('https://acme.openai.azure.com/openai/v1/responses');
    expect(azure.headers['api-key']).toBe('sk-test');
  });

  it('passes a plain Response through with its usage, cached tokens included', () => {
    const body = Buffer.from(fixture('responses-lmstudio-tool-call.1.json'));
    const answer = getAdaptor(1).passThroughAnswer!(
      responsesInput({ stream: false }),
      body,
      'application/json',
    );
    expect(answer.body).toBe(body);
    expect(answer.usage).toEqual({
      promptTokens: 1189,
      completionTokens: 11,
      cachedTokens: 891,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
  });
});
