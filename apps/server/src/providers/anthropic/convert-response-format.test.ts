import { readFileSync } from 'node:fs';
import { readChatCall } from '../hub/read-chat-call.js';
import { describe, expect, it } from 'vitest';
import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import {
  anthropicSseBody,
  fixtureLines,
  makeCallInput,
  makeChannel,
} from '../__fixtures__/relay-call-input.js';
import type { JsonObject } from '../json-guards.js';
import { createProviderRegistry } from '../registry.js';
import { SseParser } from '../sse-parser.js';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';

const adaptor = createProviderRegistry().getAdaptor(14);
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

const options = { defaultMaxTokens: {}, thinkingAdapterEnabled: true, thinkingBudgetRatio: 0.8 };
const messages = [{ role: 'user', content: 'Weather in four cities?' }];
const weatherSchema = {
  type: 'object',
  properties: { elements: { type: 'array', items: { type: 'object' } } },
  required: ['elements'],
};
/** The recorded fixtures' tool is named `json`, as a client naming its schema `json` gets. */
const jsonSchemaFormat = {
  type: 'json_schema',
  json_schema: { name: 'json', schema: weatherSchema, strict: true },
};

function convert(body: JsonObject, model = 'claude-haiku-4-5') {
  return convertToAnthropicRequest(
    readChatCall({ model, messages, ...body }),
    model,
    false,
    options,
  );
}

describe('response_format on an Anthropic channel: the request', () => {
  it('json_schema becomes a forced tool whose input schema is the schema', () => {
    const request = convert({ response_format: jsonSchemaFormat });
    expect(request.tools).toEqual([
      { name: 'json', description: expect.any(String), input_schema: weatherSchema },
    ]);
    expect(request.tool_choice).toEqual({ type: 'tool', name: 'json' });
  });

  it('json_object becomes a forced tool taking any object, which is the whole answer', () => {
    const request = convert({ response_format: { type: 'json_object' } });
    expect(request.tools).toEqual([
      {
        name: 'json_response',
        description: expect.stringContaining('whole final answer'),
        input_schema: { type: 'object', additionalProperties: true },
      },
    ]);
    expect(request.tool_choice).toEqual({ type: 'tool', name: 'json_response' });
  });

  it('text asks for nothing; a schema that is not an object is refused', () => {
    expect(convert({ response_format: { type: 'text' } }).tools).toBeUndefined();
    const array = { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'array' } } };
    expect(() => convert({ response_format: array })).toThrow(/must describe an object/);
    const broken = { type: 'json_schema', json_schema: { name: 'x', schema: 'nope' } };
    expect(() => convert({ response_format: broken })).toThrow(/must be an object/);
  });

  it("beside the client's tools it is one more, with any tool required", () => {
    const tools = [{ type: 'function', function: { name: 'json', parameters: {} } }];
    const request = convert({ response_format: jsonSchemaFormat, tools, tool_choice: 'auto' });
    // The schema's name is taken by a client tool: the format tool gets the default name.
    expect(request.tools?.map((tool) => tool.name)).toEqual(['json', 'json_response']);
    expect(request.tool_choice).toEqual({ type: 'any' });
    expect(
      convert({ response_format: jsonSchemaFormat, tools, tool_choice: 'none' }).tool_choice,
    ).toEqual({ type: 'none' });
  });

  it('is not forced with extended thinking, which Anthropic refuses with a forced tool', () => {
    const request = convert({ response_format: jsonSchemaFormat }, 'claude-sonnet-4-5-thinking');
    expect(request.thinking).toMatchObject({ type: 'enabled' });
    expect(request.tool_choice).toEqual({ type: 'auto' });
  });
});

describe('response_format on an Anthropic channel: the answer', () => {
  it('the recorded tool call is the message content, finished with stop', () => {
    const input = makeCallInput({
      channel: makeChannel({ type: 14 }),
      upstreamModel: 'claude-haiku-4-5',
      body: { model: 'claude-haiku-4-5', messages, response_format: jsonSchemaFormat },
    });
    const answer = adaptor.readAnswer(input, fixture('anthropic-json-tool.1.json'), '');
    const choice = (answer.completion.choices as JsonObject[])[0];
    const message = choice.message as JsonObject;
    expect(message.tool_calls).toBeUndefined();
    expect(JSON.parse(String(message.content))).toMatchObject({
      elements: [{ location: 'San Francisco', temperature: -5, condition: 'snowy' }, {}, {}, {}],
    });
    expect(choice.finish_reason).toBe('stop');
  });

  it('streamed: the input deltas are content deltas, the preamble text is dropped', () => {
    const input = makeCallInput({
      stream: true,
      channel: makeChannel({ type: 14 }),
      upstreamModel: 'claude-haiku-4-5',
      body: { model: 'claude-haiku-4-5', messages, response_format: jsonSchemaFormat },
    });
    const converter = streamForClient(openAiFormat, adaptor, input);
    const parser = new SseParser();
    const body = anthropicSseBody(
      fixtureLines(fixture('anthropic-json-tool.2.chunks.txt').toString()),
    );
    let output = '';
    for (const event of [...parser.push(body), ...parser.flush()])
      output += converter.onEvent(event);
    output += converter.finish({ clean: true, usage: converter.usage! });
    const chunks = output
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map((frame) => JSON.parse(frame.slice(6)) as { choices: JsonObject[] });
    let content = '';
    let finishReason: unknown = null;
    const contentChunks = chunks.filter((chunk) => {
      const delta = chunk.choices[0]?.delta as JsonObject | undefined;
      expect(delta?.tool_calls).toBeUndefined();
      content += typeof delta?.content === 'string' ? delta.content : '';
      finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
      return typeof delta?.content === 'string' && delta.content !== '';
    });
    expect(JSON.parse(content)).toEqual({
      elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }],
    });
    expect(contentChunks.length).toBeGreaterThan(1);
    expect(finishReason).toBe('stop');
  });

  it('a message that ends in text without the call keeps its text', () => {
    const input = makeCallInput({
      stream: true,
      channel: makeChannel({ type: 14 }),
      upstreamModel: 'claude-haiku-4-5',
      body: { model: 'claude-haiku-4-5', messages, response_format: { type: 'json_object' } },
    });
    const converter = streamForClient(openAiFormat, adaptor, input);
    const parser = new SseParser();
    const lines = fixtureLines(fixture('anthropic-text.chunks.txt').toString());
    let expected = '';
    for (const line of lines) {
      const event = JSON.parse(line) as { delta?: { type?: string; text?: string } };
      if (event.delta?.type === 'text_delta') expected += event.delta.text;
    }
    let output = '';
    for (const event of [...parser.push(anthropicSseBody(lines)), ...parser.flush()])
      output += converter.onEvent(event);
    let content = '';
    for (const frame of output.split('\n\n').filter((item) => item.startsWith('data: {'))) {
      const delta = (JSON.parse(frame.slice(6)) as { choices: JsonObject[] }).choices[0]?.delta;
      content += String((delta as JsonObject | undefined)?.content ?? '');
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(content).toBe(expected);
  });
});
