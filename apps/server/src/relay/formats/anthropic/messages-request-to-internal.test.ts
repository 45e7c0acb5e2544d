import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../errors/relay-error.js';
import { messagesRequestToInternal, reasoningEffort } from './messages-request-to-internal.js';
import { readMessagesRequest } from './read-messages-request.js';
import { countMessageTokens } from './count-message-tokens.js';
import { writeMessagesError } from './messages-error.js';

const TOOL = {
  name: 'get_weather',
  description: 'Weather of a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('a Claude Messages request as the internal chat call', () => {
  it('converts system blocks, content blocks, images and documents', () => {
    const body = messagesRequestToInternal({
      model: 'gpt-4o',
      max_tokens: 64,
      system: [
        { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Answer in French.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            {
              type: 'document',
              title: 'report.pdf',
              source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' },
            },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } },
          ],
        },
        { role: 'assistant', content: 'Bonjour.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are terse.\nAnswer in French.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          {
            type: 'file',
            file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBE' },
          },
          { type: 'text', text: 'notes' },
        ],
      },
      { role: 'assistant', content: 'Bonjour.' },
      { role: 'user', content: 'a\nb' },
    ]);
    expect(body.max_tokens).toBe(64);
    expect(body).not.toHaveProperty('stream');
  });

  it('converts tool use and tool results, results first in their user turn', () => {
    const body = messagesRequestToInternal({
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_2',
              is_error: true,
              content: [
                { type: 'text', text: 'Rain' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'QQ' } },
              ],
            },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'toolu_2',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'toolu_2', content: 'Rain' },
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/png;base64,QQ' } },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('converts tools and every tool_choice, dropping server tools', () => {
    const convert = (toolChoice: unknown) =>
      messagesRequestToInternal({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        tools: [TOOL, { type: 'web_search_20250305', name: 'web_search', max_uses: 2 }],
        tool_choice: toolChoice,
      });
    const body = convert({ type: 'auto' });
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather of a city',
          parameters: TOOL.input_schema,
        },
      },
    ]);
    expect(body.tool_choice).toBe('auto');
    expect(convert({ type: 'any' }).tool_choice).toBe('required');
    expect(convert({ type: 'none' }).tool_choice).toBe('none');
    expect(convert({ type: 'tool', name: 'get_weather' }).tool_choice).toEqual({
      type: 'function',
      function: { name: 'get_weather' },
    });
    expect(convert({ type: 'auto', disable_parallel_tool_use: true }).parallel_tool_calls).toBe(
      false,
    );
    expect(convert(undefined)).not.toHaveProperty('tool_choice');
  });

  it('maps sampling, stop sequences, metadata, stream and thinking; drops top_k', () => {
    const body = messagesRequestToInternal({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 20000,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['###', ''],
      metadata: { user_id: 'u-1' },
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 16384 },
      service_tier: 'auto',
    });
    expect(body).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 20000,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['###'],
      user: 'u-1',
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: 'high',
    });
    expect(reasoningEffort({ type: 'enabled', budget_tokens: 1024 })).toBe('low');
    expect(reasoningEffort({ type: 'enabled', budget_tokens: 8000 })).toBe('medium');
    expect(reasoningEffort({ type: 'disabled' })).toBeUndefined();
    expect(reasoningEffort(undefined)).toBeUndefined();
  });
});

describe('reading a /v1/messages body', () => {
  it('keeps the client body as it came beside the internal call', () => {
    const raw = { model: ' claude-x ', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] };
    const parsed = readMessagesRequest(Buffer.from(JSON.stringify({ ...raw, stream: true })));
    expect(parsed.model).toBe('claude-x');
    expect(parsed.stream).toBe(true);
    expect(parsed.maxTokens).toBe(5);
    expect(parsed.native).toEqual({ format: 'anthropic-messages', body: { ...raw, stream: true } });
    expect(parsed.json).toMatchObject({
      model: 'claude-x',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it.each([
    ['', 'model'],
    ['{', 'Invalid request'],
    ['"text"', 'JSON object'],
    ['{"model":"m"}', 'messages'],
    ['{"model":"m","messages":[]}', 'messages'],
    ['{"model":"m","messages":["x"]}', 'messages.0'],
    ['{"model":"m","messages":[{"role":"system","content":"x"}]}', 'messages.0.role'],
    ['{"model":"m","messages":[{"role":"user"}]}', 'messages.0.content'],
    ['{"model":"m","max_tokens":-1,"messages":[{"role":"user","content":"x"}]}', 'max_tokens'],
    ['{"model":"m","stream":"yes","messages":[{"role":"user","content":"x"}]}', 'stream'],
    ['{"model":"m","system":5,"messages":[{"role":"user","content":"x"}]}', 'system'],
    ['{"model":"m","tools":{},"messages":[{"role":"user","content":"x"}]}', 'tools'],
    ['{"model":5,"messages":[{"role":"user","content":"x"}]}', 'model'],
  ])('refuses %s with a local 400 naming %s', (text, field) => {
    let error: unknown;
    try {
      readMessagesRequest(Buffer.from(text));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RelayError);
    expect((error as RelayError).status).toBe(400);
    expect((error as RelayError).local).toBe(true);
    expect((error as RelayError).message).toContain(field);
  });

  it('counts tokens without max_tokens and refuses what cannot be counted', () => {
    const counted = countMessageTokens(
      Buffer.from(JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })),
    );
    expect(counted.input_tokens).toBeGreaterThan(0);
    expect(() => countMessageTokens(Buffer.from('{"model":"gpt-4o"}'))).toThrow(RelayError);
  });
});

describe('errors in Claude’s shape', () => {
  it.each([
    [400, 'invalid_request_error', 'invalid_request_error'],
    [401, 'new_api_error', 'authentication_error'],
    [403, 'new_api_error', 'permission_error'],
    [404, 'new_api_error', 'not_found_error'],
    [413, 'invalid_request_error', 'invalid_request_error'],
    [429, 'new_api_error', 'rate_limit_error'],
    [500, 'new_api_error', 'api_error'],
    [502, 'upstream_error', 'api_error'],
    [503, 'new_api_error', 'overloaded_error'],
    [529, 'overloaded_error', 'overloaded_error'],
    [400, 'overloaded_error', 'overloaded_error'],
  ])('status %i type %s → %s', (status, type, expected) => {
    const { status: answered, body } = writeMessagesError(
      new RelayError(status, 'went wrong', type),
      'req-1',
    );
    expect(answered).toBe(status);
    expect(body).toEqual({
      type: 'error',
      error: { type: expected, message: 'went wrong (request id: req-1)' },
      request_id: 'req-1',
    });
  });
});
