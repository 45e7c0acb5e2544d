import { readChatCall } from '../hub/read-chat-call.js';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json-guards.js';
import {
  convertToAnthropicRequest,
  type AnthropicRequestOptions,
} from './convert-to-anthropic-request.js';

const options: AnthropicRequestOptions = {
  defaultMaxTokens: { default: 8192, 'claude-3-haiku-20240307': 4096 },
  thinkingAdapterEnabled: true,
  thinkingBudgetRatio: 0.8,
};

function convert(
  body: JsonObject,
  model = 'claude-sonnet-4-5',
  stream = false,
  settings = options,
) {
  return convertToAnthropicRequest(readChatCall({ model, ...body }), model, stream, settings);
}

describe('convertToAnthropicRequest: parameters and tools', () => {
  const messages = [{ role: 'user', content: 'hi' }];

  it('converts tools and tool_choice', () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Current weather',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      },
      { type: 'function', function: { name: 'now' } },
      { type: 'web_search_preview' },
    ];
    const request = convert({ messages, tools, tool_choice: 'required' });
    expect(request.tools).toEqual([
      {
        name: 'weather',
        description: 'Current weather',
        input_schema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
      { name: 'now', input_schema: { type: 'object' } },
    ]);
    expect(request.tool_choice).toEqual({ type: 'any' });
    expect(convert({ messages, tools, tool_choice: 'auto' }).tool_choice).toEqual({ type: 'auto' });
    expect(convert({ messages, tools, tool_choice: 'none' }).tool_choice).toEqual({ type: 'none' });
    expect(convert({ messages, tools }).tool_choice).toBeUndefined();
    expect(
      convert({
        messages,
        tools,
        tool_choice: { type: 'function', function: { name: 'now' } },
        parallel_tool_calls: false,
      }).tool_choice,
    ).toEqual({ type: 'tool', name: 'now', disable_parallel_tool_use: true });
    expect(convert({ messages, tools, parallel_tool_calls: false }).tool_choice).toEqual({
      type: 'auto',
      disable_parallel_tool_use: true,
    });
    expect(convert({ messages, tool_choice: 'required' }).tool_choice).toBeUndefined();
  });

  it('maps stop, sampling parameters, user and stream', () => {
    const request = convert(
      {
        messages,
        stop: ['END', '', 'STOP'],
        temperature: 0.3,
        top_p: 0.9,
        top_k: 40,
        user: 'user-42',
        n: 2,
        presence_penalty: 1,
      },
      'claude-sonnet-4-5',
      true,
    );
    expect(request).toMatchObject({
      stop_sequences: ['END', 'STOP'],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 40,
      metadata: { user_id: 'user-42' },
      stream: true,
    });
    expect(request).not.toHaveProperty('n');
    expect(request).not.toHaveProperty('presence_penalty');
    expect(convert({ messages, stop: 'END' }).stop_sequences).toEqual(['END']);
  });

  it('takes max_tokens from the request, then max_completion_tokens, then the per-model default', () => {
    expect(convert({ messages, max_tokens: 100 }).max_tokens).toBe(100);
    expect(convert({ messages, max_completion_tokens: 200 }).max_tokens).toBe(200);
    expect(convert({ messages }).max_tokens).toBe(8192);
    expect(convert({ messages }, 'claude-3-haiku-20240307').max_tokens).toBe(4096);
    expect(convert({ messages, max_tokens: 0 }).max_tokens).toBe(8192);
  });

  it('applies the thinking adapter to -thinking models', () => {
    const request = convert(
      { messages, max_tokens: 1000, temperature: 0.2, top_p: 0.5, top_k: 5 },
      'claude-3-7-sonnet-20250219-thinking',
    );
    expect(request).toMatchObject({
      model: 'claude-3-7-sonnet-20250219',
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      temperature: 1,
    });
    expect(request).not.toHaveProperty('top_p');
    expect(request).not.toHaveProperty('top_k');
    const large = convert({ messages }, 'claude-sonnet-4-thinking');
    expect(large.thinking).toEqual({ type: 'enabled', budget_tokens: Math.floor(8192 * 0.8) });
  });

  it("keeps a client's own thinking settings but still strips the suffix", () => {
    const thinking = { type: 'enabled', budget_tokens: 2000 };
    const request = convert(
      { messages, max_tokens: 4000, thinking, temperature: 0.5 },
      'claude-sonnet-4-thinking',
    );
    expect(request).toMatchObject({
      model: 'claude-sonnet-4',
      max_tokens: 4000,
      thinking,
      temperature: 0.5,
    });
  });

  it('leaves -thinking models alone when the adapter is disabled', () => {
    const request = convert({ messages }, 'my-thinking', false, {
      ...options,
      thinkingAdapterEnabled: false,
    });
    expect(request.model).toBe('my-thinking');
    expect(request.thinking).toBeUndefined();
  });
});
