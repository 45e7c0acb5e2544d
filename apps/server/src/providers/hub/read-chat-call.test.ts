import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { DroppedFields, droppedFieldsHeader } from './dropped-fields.js';
import { unknownCallFields } from './internal-call.js';
import { checkChatFields, readChatCall } from './read-chat-call.js';
import { readChatChunk } from './stream-events.js';

const message = { role: 'user', content: 'hi' };

function refusal(body: Record<string, unknown>): RelayError {
  try {
    readChatCall(body);
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('readChatCall: the edge check of the internal call', () => {
  it('returns the body itself, unknown fields and vendor parts kept', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: null },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' } },
          ],
        },
        { role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      ],
      temperature: null,
      stop: ['x'],
      tools: [{ type: 'web_search' }, { function: { name: 'f' } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      response_format: { type: 'json_schema', json_schema: { name: 'a', schema: {} } },
      vendor_flag: { on: true },
    };
    const call = readChatCall(body);
    expect(call).toBe(body);
    expect(unknownCallFields(call)).toEqual(['vendor_flag']);
  });

  it('refuses a wrong type with a 400 naming its path', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'm', messages: [message], temperature: '0.2' }, 'temperature'],
      [{ model: 'm', messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
      [
        { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 1 }] }] },
        'messages[0].content[0].text',
      ],
      [
        {
          model: 'm',
          messages: [
            { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: {} } }] },
          ],
        },
        'messages[0].tool_calls[0].function.arguments',
      ],
      [{ model: 'm', messages: [message], stop: [1] }, 'stop'],
      [{ model: 'm', messages: [message], tools: [{ type: 'function' }] }, 'tools[0].function'],
      [{ model: 'm', messages: [message], response_format: {} }, 'response_format.type'],
    ];
    for (const [body, path] of cases) {
      const error = refusal(body);
      expect(error.status).toBe(400);
      expect(error.param).toBe(path);
      expect(error.message).toContain(`field ${path} must be`);
    }
  });

  it('checks only the named fields after a param_override', () => {
    const body = { model: 'm', messages: [message], top_k: 'many', temperature: 'hot' };
    expect(() => checkChatFields(body, ['top_k'])).toThrow(/field top_k must be a number/);
    expect(() => checkChatFields(body, ['model'])).not.toThrow();
  });
});

describe('readChatChunk', () => {
  it('takes a chunk in place, giving a choice without delta an empty one', () => {
    const chunk = { id: 'c', choices: [{ index: 0, finish_reason: 'stop' }] };
    expect(readChatChunk(chunk)).toBe(chunk);
    expect(chunk.choices[0]).toHaveProperty('delta', {});
  });

  it('turns object arguments into text and refuses wrong types', () => {
    const call = { index: 0, function: { name: 'f', arguments: { a: 1 } } };
    const chunk = { choices: [{ index: 0, delta: { tool_calls: [call] } }] };
    expect(readChatChunk(chunk)).toBeDefined();
    expect(call.function.arguments).toBe('{"a":1}');
    expect(readChatChunk({ choices: [{ delta: { content: 5 } }] })).toBeUndefined();
    expect(readChatChunk({ choices: 'x' })).toBeUndefined();
  });
});

describe('DroppedFields', () => {
  it('lists unread set fields once, in order, and makes a safe header', () => {
    const dropped = new DroppedFields();
    dropped.addUnread({ a: 1, b: null, c: 2, keep: 3 }, new Set(['keep']));
    dropped.add('a');
    expect(dropped.list()).toEqual(['a', 'c']);
    expect(droppedFieldsHeader(['a', 'b\r\nx-evil: 1'], undefined, ['a'])).toBe('a, bx-evil1');
    expect(droppedFieldsHeader(undefined, [])).toBe('');
  });
});
