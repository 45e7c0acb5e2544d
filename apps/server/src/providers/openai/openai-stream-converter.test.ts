import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Usage } from '../usage.js';
import type { RelayCallInput, StreamConverter } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { SseParser } from '../sse-parser.js';
import {
  fixtureLines,
  makeCallInput,
  makeChannel,
  openAiSseBody,
} from '../__fixtures__/relay-call-input.js';
import { mayCarryUsage } from './openai-stream-converter.js';

const textLines = fixtureLines(
  readFileSync(new URL('./__fixtures__/openai-text.chunks.txt', import.meta.url), 'utf8'),
);
const azureLines = fixtureLines(
  readFileSync(new URL('./__fixtures__/azure-model-router.1.chunks.txt', import.meta.url), 'utf8'),
);
const completionLines = fixtureLines(
  readFileSync(
    new URL('./__fixtures__/openai-completion-text.chunks.txt', import.meta.url),
    'utf8',
  ),
);

const localUsage: Usage = {
  promptTokens: 5,
  completionTokens: 7,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
};

/** Runs an SSE body through the parser and a fresh converter; returns the client output. */
function relay(body: string, overrides: Partial<RelayCallInput> = {}, clean = true) {
  const input = makeCallInput({ stream: true, ...overrides });
  const converter = getAdaptor(input.channel.type).createPassThroughStream!(input);
  const parser = new SseParser();
  let output = '';
  for (const event of parser.push(body)) output += converter.onEvent(event);
  for (const event of parser.flush()) output += converter.onEvent(event);
  output += converter.finish({ clean, usage: converter.usage ?? localUsage });
  return { output, converter };
}

/** The data payloads of an SSE output. */
function payloads(output: string): string[] {
  return output
    .split('\n\n')
    .filter((frame) => frame.length > 0)
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      return frame.slice(6);
    });
}

function deltaContent(output: string): string {
  return payloads(output)
    .filter((payload) => payload !== '[DONE]')
    .map((payload) => JSON.parse(payload) as { choices: { delta?: { content?: string } }[] })
    .map((chunk) => chunk.choices.map((choice) => choice.delta?.content ?? '').join(''))
    .join('');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OpenAiStreamConverter pass-through', () => {
  it('forwards every payload byte for byte and ends with exactly one [DONE] (client asked for usage)', () => {
    const { output, converter } = relay(openAiSseBody(textLines), { clientWantsUsage: true });
    expect(payloads(output)).toEqual([...textLines, '[DONE]']);
    expect(output.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(output.split('[DONE]').length).toBe(2);
    expect(converter.usage).toEqual({
      promptTokens: 16,
      completionTokens: 300,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
  });

  it('hides the usage-only chunk when the client did not ask for usage', () => {
    const { output, converter } = relay(openAiSseBody(textLines), { clientWantsUsage: false });
    expect(payloads(output)).toEqual([...textLines.slice(0, -1), '[DONE]']);
    expect(converter.usage?.completionTokens).toBe(300);
  });

  it('keeps a usage chunk that also carries choices', () => {
    const line =
      '{"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":2,"completion_tokens":3}}';
    const { output, converter } = relay(openAiSseBody([line]));
    expect(payloads(output)).toEqual([line, '[DONE]']);
    expect(converter.usage?.promptTokens).toBe(2);
  });

  it('parses only the payloads that may carry usage', () => {
    const parse = vi.spyOn(JSON, 'parse');
    relay(openAiSseBody(textLines), { clientWantsUsage: false });
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('forwards Azure content-filter chunks and reads reasoning usage', () => {
    const { output, converter } = relay(openAiSseBody(azureLines), { clientWantsUsage: true });
    expect(payloads(output)).toEqual([...azureLines, '[DONE]']);
    expect(converter.usage).toMatchObject({
      promptTokens: 15,
      completionTokens: 78,
      reasoningTokens: 64,
    });
  });

  it('sends a synthetic usage chunk when upstream sent none and the client asked', () => {
    const withoutUsage = azureLines.slice(0, -1);
    const { output, converter } = relay(openAiSseBody(withoutUsage), { clientWantsUsage: true });
    expect(converter.usage).toBeUndefined();
    const sent = payloads(output);
    expect(sent.slice(0, withoutUsage.length)).toEqual(withoutUsage);
    expect(sent[sent.length - 1]).toBe('[DONE]');
    const usageChunk = JSON.parse(sent[sent.length - 2]) as Record<string, unknown>;
    expect(usageChunk).toEqual({
      id: 'chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt',
      object: 'chat.completion.chunk',
      created: 1762317021,
      model: 'gpt-5-nano-2025-08-07',
      choices: [],
      usage: {
        prompt_tokens: 5,
        completion_tokens: 7,
        total_tokens: 12,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    });
  });

  it('sends no usage chunk when the client did not ask', () => {
    const { output } = relay(openAiSseBody(azureLines.slice(0, -1)), { clientWantsUsage: false });
    expect(payloads(output)).toEqual([...azureLines.slice(0, -1), '[DONE]']);
  });

  it('writes nothing at the end of a broken stream', () => {
    const { output } = relay(
      openAiSseBody(azureLines.slice(0, 3)).replace('data: [DONE]\n\n', ''),
      { clientWantsUsage: true },
      false,
    );
    expect(payloads(output)).toEqual(azureLines.slice(0, 3));
  });

  it('ignores data after an upstream [DONE] marker variant and never forwards it', () => {
    const body = 'data: {"id":"a","choices":[]}\n\ndata:  [DONE] \n\n';
    const { output } = relay(body);
    expect(payloads(output)).toEqual(['{"id":"a","choices":[]}', '[DONE]']);
  });

  it('accepts usage written with spaces', () => {
    const line =
      '{"id":"x","choices":[], "usage" : { "prompt_tokens": 4, "completion_tokens": 1 }}';
    expect(relay(openAiSseBody([line])).converter.usage?.promptTokens).toBe(4);
  });

  it('splits payloads that an upstream separated with single line breaks', () => {
    const body = `data: ${textLines[1]}\ndata: ${textLines[2]}\n\n`;
    const { output } = relay(body);
    expect(payloads(output)).toEqual([textLines[1], textLines[2], '[DONE]']);
  });
});

describe('OpenAiStreamConverter local counting', () => {
  const toolStream = [
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","reasoning_content":"Let me "}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"reasoning_content":"check."}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Calling."}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\":"}}]}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\"Paris\\"}"}}]}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"get_time","arguments":"{}"}}]}}]}',
    '{"id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}',
  ];

  it('reconstructs content, reasoning and tool calls lazily', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const { converter } = relay(openAiSseBody(toolStream));
    expect(parse).not.toHaveBeenCalled();
    expect(converter.completionText()).toBe(
      'Let me check.Calling.get_weather{"city":"Paris"}get_time{}',
    );
    expect(converter.toolCallCount).toBe(2);
  });

  it('includes text arriving after a first completionText call', () => {
    const input = makeCallInput({ stream: true });
    const converter: StreamConverter = getAdaptor(1).createPassThroughStream!(input);
    converter.onEvent({ event: '', data: toolStream[2] });
    expect(converter.completionText()).toBe('Calling.');
    converter.onEvent({ event: '', data: toolStream[3] });
    expect(converter.completionText()).toBe('Calling.get_weather');
  });

  it('reads completions text', () => {
    const { converter, output } = relay(openAiSseBody(completionLines), {
      mode: 'completions',
      path: '/v1/completions',
    });
    const expected = completionLines
      .map((line) => JSON.parse(line) as { choices: { text: string }[] })
      .map((chunk) => chunk.choices.map((choice) => choice.text).join(''))
      .join('');
    expect(expected.startsWith('The holiday is')).toBe(true);
    expect(converter.completionText()).toBe(expected);
    expect(converter.usage?.completionTokens).toBe(16);
    expect(output.endsWith('data: [DONE]\n\n')).toBe(true);
  });
});

describe('OpenAiStreamConverter channel settings', () => {
  const reasoningStream = [
    '{"id":"r","choices":[{"index":0,"delta":{"role":"assistant","content":"","reasoning_content":"Think"}}]}',
    '{"id":"r","choices":[{"index":0,"delta":{"reasoning_content":"ing."}}]}',
    '{"id":"r","choices":[{"index":0,"delta":{"content":"Answer"}}]}',
    '{"id":"r","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  ];

  it('thinking_to_content moves reasoning into content inside <think> tags', () => {
    const channel = makeChannel({ setting: { thinking_to_content: true } });
    const { output, converter } = relay(openAiSseBody(reasoningStream), { channel });
    expect(deltaContent(output)).toBe('<think>\nThinking.\n</think>\nAnswer');
    expect(output).not.toContain('reasoning_content');
    expect(converter.completionText()).toBe('Thinking.Answer');
  });

  it('thinking_to_content closes the tag when the choice finishes while thinking', () => {
    const channel = makeChannel({ setting: { thinking_to_content: true } });
    const { output } = relay(openAiSseBody([reasoningStream[0], reasoningStream[3]]), { channel });
    expect(deltaContent(output)).toBe('<think>\nThink\n</think>\n');
  });

  it('force_format re-encodes chunks through the standard shape', () => {
    const channel = makeChannel({ setting: { force_format: true } });
    const odd =
      '{"id":7,"object":"weird","created":1,"model":"m","vendor":"x","choices":[{"delta":{"content":"Hi","extra":1},"finish_reason":""}]}';
    const { output } = relay(openAiSseBody([odd]), { channel });
    expect(JSON.parse(payloads(output)[0])).toEqual({
      id: '7',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }],
    });
  });
});

describe('OpenAiStreamConverter errors', () => {
  it('records an error chunk, forwards it and ends the stream', () => {
    const error =
      '{"error":{"message":"Rate limit reached","type":"rate_limit_error","code":"rate_limit_exceeded","param":null}}';
    const { output, converter } = relay(openAiSseBody([textLines[1], error, textLines[2]]), {
      clientWantsUsage: true,
    });
    expect(payloads(output)).toEqual([textLines[1], error]);
    expect(converter.upstreamError).toEqual({
      status: 500,
      message: 'Rate limit reached',
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
      param: '',
    });
  });
});

describe('mayCarryUsage', () => {
  it('spots a usage object, not a null usage or escaped text', () => {
    expect(mayCarryUsage('{"usage":{"a":1}}')).toBe(true);
    expect(mayCarryUsage('{"usage" :\n {"a":1}}')).toBe(true);
    expect(mayCarryUsage('{"usage":null}')).toBe(false);
    expect(mayCarryUsage('{"content":"the \\"usage\\": {"}')).toBe(false);
    expect(mayCarryUsage('{"usage":null,"x":{"usage":{}}}')).toBe(true);
    expect(mayCarryUsage('{"usage"')).toBe(false);
  });
});

describe('OpenAI-compatible usage in streams', () => {
  it("reads DeepSeek's cache hits from a stream", () => {
    const line =
      '{"id":"d","choices":[],"usage":{"prompt_tokens":50,"completion_tokens":2,"prompt_cache_hit_tokens":32}}';
    const { converter } = relay(openAiSseBody([line]), { channel: makeChannel({ type: 43 }) });
    expect(converter.usage).toMatchObject({ promptTokens: 50, cachedTokens: 32 });
  });
});
