import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeCallInput, makeChannel } from '../../../providers/__fixtures__/relay-call-input.js';
import { createProviderRegistry } from '../../../providers/registry.js';
import { RelayError } from '../../../errors/relay-error.js';
import { chatCompletionToResponse } from './chat-answer-to-response.js';
import { readResponsesRequest } from './read-responses-request.js';
import { responsesFormat } from './responses-format.js';
import { responsesRequestToChat } from './responses-request-to-chat.js';

const { getAdaptor } = createProviderRegistry();

function fixture(path: string): Buffer {
  return readFileSync(new URL(`../../../providers/${path}`, import.meta.url));
}

function refusal(body: Record<string, unknown>): RelayError {
  try {
    responsesRequestToChat(body);
  } catch (error) {
    expect(error).toBeInstanceOf(RelayError);
    return error as RelayError;
  }
  throw new Error('expected a refusal');
}

describe('Responses request → chat request', () => {
  it('turns instructions and a string input into messages, and copies the sampling fields', () => {
    expect(
      responsesRequestToChat({
        model: 'm',
        instructions: 'Be brief.',
        input: 'Hello',
        temperature: 0.2,
        top_p: 0.9,
        max_output_tokens: 64,
        parallel_tool_calls: false,
        store: true,
        metadata: { a: 'b' },
      }),
    ).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
      temperature: 0.2,
      top_p: 0.9,
      parallel_tool_calls: false,
      max_tokens: 64,
    });
  });

  it('converts message items with text and images, developer messages and history', () => {
    const chat = responsesRequestToChat({
      model: 'm',
      input: [
        { role: 'developer', content: 'Answer in French.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is this?' },
            { type: 'input_image', image_url: 'https://x/cat.png', detail: 'low' },
          ],
        },
        { role: 'assistant', content: [{ type: 'output_text', text: 'A cat.' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { role: 'user', content: [{ type: 'input_text', text: 'Sure?' }] },
      ],
    });
    expect(chat.messages).toEqual([
      { role: 'system', content: 'Answer in French.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'https://x/cat.png', detail: 'low' } },
        ],
      },
      { role: 'assistant', content: 'A cat.' },
      { role: 'user', content: 'Sure?' },
    ]);
  });

  it('joins parallel function calls into one assistant message and turns outputs into tool messages', () => {
    const chat = responsesRequestToChat({
      model: 'm',
      input: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        { type: 'function_call', call_id: 'c1', name: 'w', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'c2', name: 'w', arguments: '{"city":"Rome"}' },
        { type: 'function_call_output', call_id: 'c1', output: 'Sunny' },
        {
          type: 'function_call_output',
          call_id: 'c2',
          output: [{ type: 'input_text', text: 'Rain' }],
        },
      ],
    });
    expect(chat.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'w', arguments: '{"city":"Paris"}' } },
          { id: 'c2', type: 'function', function: { name: 'w', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'c2', content: 'Rain' },
    ]);
  });

  it('converts function tools, tool_choice, reasoning effort, text formats and streams', () => {
    const chat = responsesRequestToChat({
      model: 'm',
      input: 'x',
      tools: [
        {
          type: 'function',
          name: 'f',
          description: 'd',
          parameters: { type: 'object' },
          strict: true,
        },
      ],
      tool_choice: { type: 'function', name: 'f' },
      reasoning: { effort: 'high', summary: 'auto' },
      text: {
        format: { type: 'json_schema', name: 'out', schema: { type: 'object' }, strict: true },
      },
      stream: true,
    });
    expect(chat).toMatchObject({
      tools: [
        {
          type: 'function',
          function: { name: 'f', description: 'd', parameters: { type: 'object' }, strict: true },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'f' } },
      reasoning_effort: 'high',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'out', schema: { type: 'object' }, strict: true },
      },
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(
      responsesRequestToChat({ model: 'm', input: 'x', text: { format: { type: 'json_object' } } })
        .response_format,
    ).toEqual({ type: 'json_object' });
    expect(
      responsesRequestToChat({ model: 'm', input: 'x', text: { format: { type: 'text' } } }),
    ).not.toHaveProperty('response_format');
  });

  it('refuses with a 400 naming the field what a chat channel cannot do', () => {
    expect(refusal({ model: 'm', input: 'x', previous_response_id: 'resp_1' })).toMatchObject({
      status: 400,
      param: 'previous_response_id',
    });
    expect(refusal({ model: 'm', input: 'x', conversation: 'conv_1' }).param).toBe('conversation');
    expect(refusal({ model: 'm', input: 'x', background: true }).param).toBe('background');
    expect(refusal({ model: 'm', input: 'x', tools: [{ type: 'web_search' }] }).message).toContain(
      'web_search',
    );
    expect(refusal({ model: 'm', input: [{ type: 'item_reference', id: 'x' }] }).message).toContain(
      'item_reference',
    );
    expect(
      refusal({
        model: 'm',
        input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'f' }] }],
      }).message,
    ).toContain('image_url');
    expect(refusal({ model: 'm' }).message).toContain('input');
  });
});

describe('reading a Responses request', () => {
  it('reads model, stream and output limit, and converts only when asked', () => {
    const parsed = readResponsesRequest(
      'responses',
      Buffer.from('{"model":" gpt-4o ","input":"hi","stream":true,"max_output_tokens":50}'),
    );
    expect(parsed).toMatchObject({ model: 'gpt-4o', stream: true, maxTokens: 50 });
    expect(parsed.json).toEqual({
      model: ' gpt-4o ',
      input: 'hi',
      stream: true,
      max_output_tokens: 50,
    });
    const chat = parsed.toChat!();
    expect(chat).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      converted: true,
      clientWantsUsage: true,
    });
    expect(chat.json?.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(parsed.toChat!()).toBe(chat);
  });

  it('refuses malformed bodies with a 400', () => {
    for (const body of [
      '[1]',
      '{',
      '{"input":"x"}',
      '{"model":1}',
      '{"model":"m","stream":"yes"}',
      '{"model":"m","input":5}',
    ]) {
      expect(() => readResponsesRequest('responses', Buffer.from(body)), body).toThrow(RelayError);
    }
  });
});

describe('chat answer → Response', () => {
  it('converts a recorded OpenAI chat completion', () => {
    const input = makeCallInput({
      rawBody: Buffer.from('{"model":"gpt-4.1-nano","input":"hi","temperature":0.3}'),
    });
    const answer = getAdaptor(1).readAnswer(
      input,
      fixture('openai/__fixtures__/openai-text.json'),
      'application/json',
    );
    const written = responsesFormat.writeAnswer(input, answer);
    const response = JSON.parse(String(written.body));
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4.1-nano-2025-04-14',
      temperature: 0.3,
      usage: {
        input_tokens: 16,
        output_tokens: 363,
        total_tokens: 379,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
    expect(response.id).toMatch(/^resp_[0-9a-f]{48}$/);
    expect(response.output).toHaveLength(1);
    const recorded = JSON.parse(fixture('openai/__fixtures__/openai-text.json').toString('utf8'));
    expect(response.output[0].content[0].text).toBe(recorded.choices[0].message.content);
    expect(written.usage).toBe(answer.usage);
  });

  it('converts a recorded Anthropic answer with text and a tool call, and one with thinking', () => {
    const input = makeCallInput({ channel: makeChannel({ type: 14 }), rawBody: Buffer.from('{}') });
    const tool = getAdaptor(14).readAnswer(
      input,
      fixture('anthropic/__fixtures__/anthropic-json-tool.1.json'),
      'application/json',
    );
    const toolResponse = JSON.parse(String(responsesFormat.writeAnswer(input, tool).body));
    const types = toolResponse.output.map((item: { type: string }) => item.type);
    expect(types).toContain('function_call');
    const call = toolResponse.output.find(
      (item: { type: string }) => item.type === 'function_call',
    );
    expect(call.call_id).toMatch(/^toolu_/);
    expect(call.status).toBe('completed');

    const thinking = getAdaptor(14).readAnswer(
      input,
      fixture('anthropic/__fixtures__/anthropic-clear-thinking.1.json'),
      'application/json',
    );
    const thinkingResponse = JSON.parse(String(responsesFormat.writeAnswer(input, thinking).body));
    expect(thinkingResponse.output[0].type).toBe('reasoning');
    expect(thinkingResponse.output[0].summary[0].text.length).toBeGreaterThan(0);
  });

  it('marks an answer cut at the output limit incomplete', () => {
    const response = chatCompletionToResponse(
      {
        model: 'm',
        created: 5,
        choices: [{ message: { content: 'Hi' }, finish_reason: 'length' }],
      },
      undefined,
      undefined,
      'fallback',
    );
    expect(response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      created_at: 5,
      usage: null,
    });
  });
});
