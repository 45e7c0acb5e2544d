import { readChatCall } from '../hub/read-chat-call.js';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
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

describe('convertToAnthropicRequest: messages', () => {
  it('moves system messages to system and keeps a plain conversation as strings', () => {
    expect(
      convert({
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Hello' },
        ],
      }),
    ).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 8192,
      system: 'You are terse.',
      messages: [{ role: 'user', content: 'Hello' }],
    });
  });

  it('keeps several system and developer prompts as text blocks, with array parts concatenated', () => {
    const request = convert({
      messages: [
        {
          role: 'system',
          content: [
            { type: 'text', text: 'A' },
            { type: 'text', text: 'B' },
          ],
        },
        { role: 'user', content: 'Hi' },
        { role: 'developer', content: 'C' },
      ],
    });
    expect(request.system).toEqual([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
      { type: 'text', text: 'C' },
    ]);
    expect(request.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('merges consecutive messages of one role and replaces empty content', () => {
    const request = convert({
      messages: [
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
        { role: 'assistant', content: '' },
        { role: 'user', content: [] },
      ],
    });
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
      },
      { role: 'assistant', content: '...' },
      { role: 'user', content: '...' },
    ]);
  });

  it('starts with a user turn', () => {
    const request = convert({ messages: [{ role: 'assistant', content: 'I speak first' }] });
    expect(request.messages).toEqual([
      { role: 'user', content: '...' },
      { role: 'assistant', content: 'I speak first' },
    ]);
  });

  it('converts assistant tool calls and tool results, tool results first in the user turn', () => {
    const request = convert({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'weather', arguments: '{"city":"Paris"}' },
            },
            { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18C' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '21C' }] },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '18C' },
          { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: '21C' }] },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('orders a tool result before text that preceded it in the same turn', () => {
    const request = convert({
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'user', content: 'note' },
        { role: 'tool', tool_call_id: 't', content: '' },
      ],
    });
    expect(request.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't', content: '...' },
        { type: 'text', text: 'note' },
      ],
    });
    expect(request.messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }],
    });
  });

  it('converts data-URL images to base64 sources and http(s) images to URL sources', () => {
    const request = convert({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            {
              type: 'image_url',
              image_url: { url: 'https://example.com/cat.jpg', detail: 'high' },
            },
            { type: 'image_url', image_url: 'http://example.com/dog.webp' },
          ],
        },
      ],
    });
    expect(request.messages[0].content).toEqual([
      { type: 'text', text: 'Compare' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'image', source: { type: 'url', url: 'http://example.com/dog.webp' } },
    ]);
  });

  it('converts PDF file parts to documents and keeps cache_control', () => {
    const request = convert({
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'file',
              file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
            },
            { type: 'text', text: 'Summarise', cache_control: { type: 'ephemeral' } },
          ],
        },
      ],
    });
    expect(request.messages[0].content).toEqual([
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
      },
      { type: 'text', text: 'Summarise', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('rejects content it cannot express locally', () => {
    const audio = {
      role: 'user',
      content: [{ type: 'input_audio', input_audio: { data: 'x', format: 'wav' } }],
    };
    expect(() => convert({ messages: [audio] })).toThrow(RelayError);
    const ftp = {
      role: 'user',
      content: [{ type: 'image_url', image_url: { url: 'ftp://x/y.png' } }],
    };
    expect(() => convert({ messages: [ftp] })).toThrow(/http\(s\) URL/);
    const notBase64 = {
      role: 'user',
      content: [{ type: 'image_url', image_url: { url: 'data:image/png,abc' } }],
    };
    expect(() => convert({ messages: [notBase64] })).toThrow(/base64/);
    expect(() => convert({ messages: [{ role: 'tool', content: 'x' }] })).toThrow(/tool_call_id/);
    // An unknown role never reaches a converter: the call's edge check refuses it.
    expect(() => convert({ messages: [{ role: 'wizard', content: 'x' }] })).toThrow(
      /messages\[0\]\.role must be one of/,
    );
  });
});
