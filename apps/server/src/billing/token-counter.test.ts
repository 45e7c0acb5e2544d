import { countTokens as cl100kCount } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  countChatPromptTokens,
  countCompletionTokens,
  countTextTokens,
  imageTokens,
} from './token-counter.js';
import { encodingForModel, preloadTokenEncoders } from './token-encoders.js';

/** The tokenizer itself, as the reference for every expectation below. */
function cl100k(text: string): number {
  return cl100kCount(text);
}

function o200k(text: string): number {
  return o200kCount(text);
}

/** The OpenAI cookbook's example conversation (129 prompt tokens on gpt-3.5/4, 124 on gpt-4o). */
const COOKBOOK_MESSAGES = [
  {
    role: 'system',
    content:
      'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
  },
  {
    role: 'system',
    name: 'example_user',
    content: 'New synergies will help drive top-line growth.',
  },
  {
    role: 'system',
    name: 'example_assistant',
    content: 'Things working well together will increase revenue.',
  },
  {
    role: 'system',
    name: 'example_user',
    content:
      "Let's circle back when we have more time to touch base on opportunities for increased leverage.",
  },
  {
    role: 'system',
    name: 'example_assistant',
    content: "Let's talk later when we're less busy about how to do better.",
  },
  {
    role: 'user',
    content:
      "This late pivot means we don't have time to boil the ocean for the client deliverable.",
  },
];

describe('encodingForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['o1-mini', 'o200k_base'],
    ['o3', 'o200k_base'],
    ['o4-mini', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['claude-3-5-sonnet-20241022', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
  ])('%s → %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });
});

describe('countTextTokens', () => {
  it('counts well-known strings', () => {
    expect(countTextTokens('gpt-3.5-turbo', 'hello world')).toBe(2);
    expect(countTextTokens('gpt-4o', 'hello world')).toBe(2);
    expect(countTextTokens('gpt-4', '')).toBe(0);
  });

  it('uses the model encoding', () => {
    const text = '你好，世界！Tollgate 计费规则 — 测试 1234567890';
    expect(countTextTokens('gpt-4', text)).toBe(cl100k(text));
    expect(countTextTokens('gpt-4o', text)).toBe(o200k(text));
    expect(cl100k(text)).not.toBe(o200k(text));
  });

  it('concatenates arrays of texts', () => {
    expect(countTextTokens('gpt-4', ['hello', ' world'])).toBe(2);
    expect(countTextTokens('gpt-4', [])).toBe(0);
  });

  it('counts special-token text as ordinary text instead of throwing', () => {
    const text = 'before <|endoftext|> after <|im_start|>';
    expect(countTextTokens('gpt-4', text)).toBe(
      cl100kCount(text, { disallowedSpecial: new Set() }),
    );
    expect(countTextTokens('gpt-4o', text)).toBeGreaterThan(4);
  });
});

describe('countCompletionTokens', () => {
  it('adds 7 per tool call', () => {
    expect(countCompletionTokens('gpt-4', 'hello world')).toBe(2);
    expect(countCompletionTokens('gpt-4', 'hello world', 2)).toBe(16);
    expect(countCompletionTokens('gpt-4', '', 1)).toBe(7);
  });
});

describe('countChatPromptTokens', () => {
  it("matches OpenAI's published counts", () => {
    expect(countChatPromptTokens('gpt-3.5-turbo', COOKBOOK_MESSAGES)).toBe(129);
    expect(countChatPromptTokens('gpt-4', COOKBOOK_MESSAGES)).toBe(129);
    expect(countChatPromptTokens('gpt-4o', COOKBOOK_MESSAGES)).toBe(124);
    expect(countChatPromptTokens('gpt-3.5-turbo-0301', COOKBOOK_MESSAGES)).toBe(127);
  });

  it('adds 3 per message, role, 1 + name, content, and 3 for the reply', () => {
    const messages = [
      { role: 'user', name: 'alice', content: 'hello world' },
      { role: 'assistant', content: 'Hi there, how can I help?' },
    ];
    const expected =
      3 +
      cl100k('user') +
      1 +
      cl100k('alice') +
      cl100k('hello world') +
      3 +
      cl100k('assistant') +
      cl100k('Hi there, how can I help?') +
      3;
    expect(countChatPromptTokens('gpt-4', messages)).toBe(expected);
  });

  it('counts content parts: text, images, audio, files', () => {
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this picture?' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
          { type: 'image_url', image_url: { url: 'https://example.com/b.png' } },
          { type: 'image_url', image_url: 'https://example.com/c.png' },
          { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } },
          { type: 'file', file: { file_id: 'file-1' } },
        ],
      },
    ];
    const expected =
      3 + cl100k('user') + cl100k('What is in this picture?') + 85 + 255 + 255 + 100 + 5000 + 3;
    expect(countChatPromptTokens('gpt-4', messages)).toBe(expected);
  });

  it('estimates images without fetching them', () => {
    expect(imageTokens('gpt-4o', { url: 'https://unreachable.invalid/x.png', detail: 'low' })).toBe(
      85,
    );
    expect(
      imageTokens('gpt-4o', { url: 'https://unreachable.invalid/x.png', detail: 'high' }),
    ).toBe(255);
    expect(
      imageTokens('gpt-4o-mini', { url: 'data:image/png;base64,broken', detail: 'auto' }),
    ).toBe(8499);
    expect(imageTokens('gpt-4o-mini', { url: 'x', detail: 'low' })).toBe(85);
    expect(imageTokens('glm-4v', { url: 'x', detail: 'low' })).toBe(1047);
  });

  it("measures data: images when asked, by OpenAI's 512-pixel tiles", () => {
    const png = (width: number, height: number) => {
      const bytes = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
      bytes.writeUInt32BE(13, 8);
      bytes.write('IHDR', 12, 'latin1');
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      return { url: `data:image/png;base64,${bytes.toString('base64')}` };
    };
    // 512×512: one tile. 1024×2048: short side 768, long 1536 → 2 × 3 tiles.
    expect(imageTokens('gpt-4o', png(512, 512), true)).toBe(170 + 85);
    expect(imageTokens('gpt-4o', png(1024, 2048), true)).toBe(6 * 170 + 85);
    expect(imageTokens('gpt-4o', png(2048, 1024), true)).toBe(6 * 170 + 85);
    expect(imageTokens('gpt-4o-mini', png(1024, 2048), true)).toBe(6 * 5667 + 2833);
    // Not asked to measure, a URL, an unreadable image or detail low: the estimates.
    expect(imageTokens('gpt-4o', png(1024, 2048))).toBe(255);
    expect(imageTokens('gpt-4o', { url: 'https://example.com/a.png' }, true)).toBe(255);
    expect(imageTokens('gpt-4o', { url: 'data:image/png;base64,broken' }, true)).toBe(255);
    expect(imageTokens('gpt-4o', { ...png(1024, 2048), detail: 'low' }, true)).toBe(85);

    const messages = [
      { role: 'user', content: [{ type: 'image_url', image_url: png(1024, 2048) }] },
    ];
    const estimated = countChatPromptTokens('gpt-4o', messages);
    expect(countChatPromptTokens('gpt-4o', messages, undefined, { measureImages: true })).toBe(
      estimated - 255 + 6 * 170 + 85,
    );
  });

  it('counts every tool, not only the last', () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Get the weather of a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
      { type: 'function', function: { name: 'get_time', description: 'Current time' } },
    ];
    const messages = [{ role: 'user', content: 'hi' }];
    const withoutTools = countChatPromptTokens('gpt-4o', messages);
    const expected =
      withoutTools +
      8 +
      o200k('get_weather') +
      o200k('Get the weather of a city') +
      o200k(JSON.stringify(tools[0].function.parameters)) +
      o200k('get_time') +
      o200k('Current time');
    expect(countChatPromptTokens('gpt-4o', messages, tools)).toBe(expected);
    expect(countChatPromptTokens('gpt-4o', messages, [])).toBe(withoutTools);
  });

  it('counts assistant tool calls', () => {
    const messages = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
    ];
    const expected =
      3 +
      cl100k('assistant') +
      cl100k('get_weather') +
      cl100k('{"city":"Paris"}') +
      3 +
      cl100k('tool') +
      cl100k('18°C') +
      3;
    expect(countChatPromptTokens('gpt-4', messages)).toBe(expected);
  });

  it('counts unexpected shapes as nothing instead of failing', () => {
    expect(countChatPromptTokens('gpt-4', undefined)).toBe(3);
    expect(countChatPromptTokens('gpt-4', 'not a list')).toBe(3);
    expect(countChatPromptTokens('gpt-4', [null, 5, { role: 7, content: { text: 'x' } }])).toBe(
      3 + 3,
    );
    expect(countChatPromptTokens('gpt-4', [], [null, { function: 'x' }])).toBe(3 + 8);
  });

  it('counts a large prompt quickly once the encodings are loaded', () => {
    preloadTokenEncoders();
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(2500);
    const started = performance.now();
    const tokens = countChatPromptTokens('gpt-4o', [{ role: 'user', content: text }]);
    expect(tokens).toBe(3 + o200k('user') + o200k(text) + 3);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
