import { describe, expect, it } from 'vitest';
import type { RelayMode } from '../providers/provider-adaptor.js';
import { messagesFormat } from './formats/anthropic/messages-format.js';
import type { InboundFormat } from './formats/format-spec.js';
import { geminiGenerateFormat } from './formats/gemini/gemini-format.js';
import { openAiFormat } from './formats/openai/openai-format.js';
import { responsesFormat } from './formats/openai-responses/responses-format.js';
import { SensitiveWordCheck } from './sensitive-words.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg';

function checkWith(values: Record<string, string | boolean>) {
  let words = String(values.SensitiveWords ?? 'bad word');
  const options = {
    get: () => words,
    getBoolean: (key: string) => values[key] !== false,
  };
  const check = new SensitiveWordCheck(options);
  return {
    /** The error code the check answers for this body read by `format`, or undefined. */
    refuses(format: InboundFormat, mode: RelayMode, body: unknown, routeModel?: string) {
      const parsed = format.readRequest(
        mode,
        Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body)),
        'application/json',
        routeModel,
      );
      try {
        check.check(format, mode, parsed);
        return undefined;
      } catch (error) {
        return (error as { code: string }).code;
      }
    },
    holdsWord: (texts: string[]) => check.holdsWord(texts),
    setWords(next: string) {
      words = next;
    },
  };
}

const REFUSED = 'sensitive_words_detected';
const user = (content: unknown) => ({ role: 'user', content });
const chat = (fields: Record<string, unknown>) => ({
  model: 'gpt-4o-mini',
  messages: [user('hello')],
  ...fields,
});
const tool = (fields: Record<string, unknown>) => ({
  type: 'function',
  function: {
    name: 'lookup',
    description: 'Looks a thing up',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
    ...fields,
  },
});

/** Requests in OpenAI's format with the word in one place each. */
const OPENAI_CASES: Array<[string, RelayMode, unknown]> = [
  ['a user message', 'chat', chat({ messages: [user('a BAD WORD')] })],
  ['a text part', 'chat', chat({ messages: [user([{ type: 'text', text: 'bad word' }])] })],
  ['a system prompt', 'chat', chat({ messages: [{ role: 'system', content: 'bad word' }] })],
  [
    'a message name',
    'chat',
    chat({ messages: [{ role: 'user', name: 'bad word', content: 'x' }] }),
  ],
  [
    'a tool result',
    'chat',
    chat({
      messages: [user('x'), { role: 'tool', tool_call_id: 'call_1', content: 'the bad word' }],
    }),
  ],
  [
    "an assistant's earlier tool call",
    'chat',
    chat({
      messages: [
        user('x'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'f', arguments: '{"q":"bad word"}' },
            },
          ],
        },
      ],
    }),
  ],
  ['a tool name', 'chat', chat({ tools: [tool({ name: 'bad word' })] })],
  ['a tool description', 'chat', chat({ tools: [tool({ description: 'says the bad word' })] })],
  [
    "a tool's parameter description",
    'chat',
    chat({
      tools: [
        tool({
          parameters: {
            type: 'object',
            properties: { city: { type: 'string', description: 'the bad word' } },
          },
        }),
      ],
    }),
  ],
  [
    "a tool's parameter name",
    'chat',
    chat({
      tools: [tool({ parameters: { type: 'object', properties: { 'bad word': {} } } })],
    }),
  ],
  [
    'an enum value',
    'chat',
    chat({
      tools: [
        tool({
          parameters: { type: 'object', properties: { a: { enum: ['fine', 'bad word'] } } },
        }),
      ],
    }),
  ],
  [
    'a legacy function',
    'chat',
    chat({ functions: [{ name: 'f', description: 'bad word', parameters: {} }] }),
  ],
  [
    'a structured-output schema',
    'chat',
    chat({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: { description: 'bad word' } },
      },
    }),
  ],
  ['a completion prompt', 'completions', { model: 'm', prompt: ['fine', 'a BAD WORD'] }],
  ['a completion suffix', 'completions', { model: 'm', prompt: 'fine', suffix: 'bad word' }],
  ['an embedding input', 'embeddings', { model: 'm', input: [[1, 2], 'bad word'] }],
  ['a moderation input', 'moderations', { input: 'bad word' }],
  ['a moderation text part', 'moderations', { input: [{ type: 'text', text: 'bad word' }] }],
  ['an edit instruction', 'edits', { model: 'm', instruction: 'bad word', input: 'x' }],
];

const RESPONSES_CASES: Array<[string, unknown]> = [
  ['instructions', { instructions: 'say a bad word', input: 'x' }],
  ['a string input', { input: 'a bad word' }],
  [
    'an input_text part',
    { input: [{ role: 'user', content: [{ type: 'input_text', text: 'bad word' }] }] },
  ],
  ['a message string', { input: [{ role: 'developer', content: 'bad word' }] }],
  [
    'a function_call',
    { input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{"a":"bad word"}' }] },
  ],
  [
    'a function_call_output',
    { input: [{ type: 'function_call_output', call_id: 'c', output: 'the bad word' }] },
  ],
  [
    'a function_call_output of parts',
    {
      input: [
        {
          type: 'function_call_output',
          call_id: 'c',
          output: [{ type: 'input_text', text: 'bad word' }],
        },
      ],
    },
  ],
  [
    'a custom tool call',
    { input: [{ type: 'custom_tool_call', call_id: 'c', name: 'g', input: 'bad word' }] },
  ],
  [
    'a reasoning summary',
    { input: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'bad word' }] }] },
  ],
  [
    'a tool definition',
    {
      input: 'x',
      tools: [{ type: 'function', name: 'f', description: 'bad word', parameters: {} }],
    },
  ],
  [
    'a text format schema',
    {
      input: 'x',
      text: { format: { type: 'json_schema', name: 'a', schema: { description: 'bad word' } } },
    },
  ],
];

const CLAUDE_CASES: Array<[string, unknown]> = [
  ['a system string', { system: 'bad word' }],
  ['a system block', { system: [{ type: 'text', text: 'the bad word' }] }],
  ['a message string', { messages: [user('bad word')] }],
  ['a text block', { messages: [user([{ type: 'text', text: 'bad word' }])] }],
  [
    'a tool_use input',
    {
      messages: [
        user('x'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't', name: 'f', input: { q: 'bad word' } }],
        },
      ],
    },
  ],
  [
    'a tool_result string',
    { messages: [user([{ type: 'tool_result', tool_use_id: 't', content: 'bad word' }])] },
  ],
  [
    'a tool_result block',
    {
      messages: [
        user([
          { type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'bad word' }] },
        ]),
      ],
    },
  ],
  [
    'a plain-text document',
    {
      messages: [
        user([
          {
            type: 'document',
            source: { type: 'text', media_type: 'text/plain', data: 'bad word' },
          },
        ]),
      ],
    },
  ],
  [
    'a tool definition',
    {
      tools: [
        {
          name: 'f',
          description: 'x',
          input_schema: { type: 'object', properties: { q: { description: 'bad word' } } },
        },
      ],
    },
  ],
];

const GEMINI_CASES: Array<[string, unknown]> = [
  ['a system instruction', { systemInstruction: { parts: [{ text: 'bad word' }] } }],
  ['a content part', { contents: [{ role: 'user', parts: [{ text: 'a bad word' }] }] }],
  [
    'a function call',
    {
      contents: [
        { role: 'user', parts: [{ text: 'x' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: { q: 'bad word' } } }] },
      ],
    },
  ],
  [
    'a function response',
    {
      contents: [
        { role: 'user', parts: [{ text: 'x' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'f', response: { result: 'bad word' } } }],
        },
      ],
    },
  ],
  [
    'a function declaration',
    {
      tools: [
        {
          functionDeclarations: [
            { name: 'f', description: 'bad word', parameters: { type: 'OBJECT' } },
          ],
        },
      ],
    },
  ],
];

describe('sensitive-word check', () => {
  it.each(OPENAI_CASES)('reads %s of an OpenAI request', (_place, mode, body) => {
    expect(checkWith({}).refuses(openAiFormat, mode, body)).toBe(REFUSED);
  });

  it.each(RESPONSES_CASES)('reads %s of a Responses request', (_place, body) => {
    const request = { model: 'gpt-4o-mini', ...(body as object) };
    expect(checkWith({}).refuses(responsesFormat, 'responses', request)).toBe(REFUSED);
  });

  it.each(CLAUDE_CASES)('reads %s of a Claude Messages request', (_place, body) => {
    const request = {
      model: 'claude',
      max_tokens: 10,
      messages: [user('hi')],
      ...(body as object),
    };
    expect(checkWith({}).refuses(messagesFormat, 'chat', request)).toBe(REFUSED);
  });

  it.each(GEMINI_CASES)('reads %s of a Gemini request', (_place, body) => {
    const request = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], ...(body as object) };
    expect(checkWith({}).refuses(geminiGenerateFormat, 'chat', request, 'gemini-2.0-flash')).toBe(
      REFUSED,
    );
  });

  it('passes clean requests of every format, and never reads images or audio', () => {
    const { refuses } = checkWith({ SensitiveWords: 'iVBOR\nbad word' });
    const image = `data:image/png;base64,${PNG}`;
    expect(
      refuses(
        openAiFormat,
        'chat',
        chat({
          messages: [
            user([
              { type: 'text', text: 'what is this?' },
              { type: 'image_url', image_url: { url: image } },
              { type: 'input_audio', input_audio: { data: PNG, format: 'wav' } },
            ]),
          ],
          tools: [tool({})],
        }),
      ),
    ).toBeUndefined();
    expect(
      refuses(responsesFormat, 'responses', {
        model: 'm',
        input: [{ role: 'user', content: [{ type: 'input_image', image_url: image }] }],
      }),
    ).toBeUndefined();
    expect(
      refuses(messagesFormat, 'chat', {
        model: 'claude',
        max_tokens: 10,
        messages: [
          user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }]),
        ],
      }),
    ).toBeUndefined();
    expect(
      refuses(
        geminiGenerateFormat,
        'chat',
        {
          contents: [
            { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }] },
          ],
        },
        'gemini-2.0-flash',
      ),
    ).toBeUndefined();
  });

  it('answers the image and speech codes of the reference', () => {
    const { refuses } = checkWith({});
    expect(refuses(openAiFormat, 'speech', { model: 'tts-1', input: 'say bad word' })).toBe(
      'invalid_audio_request',
    );
    expect(
      refuses(openAiFormat, 'speech', { model: 'tts-1', input: 'x', instructions: 'bad word' }),
    ).toBe('invalid_audio_request');
    expect(refuses(openAiFormat, 'images', { model: 'dall-e-3', prompt: 'bad word' })).toBe(
      'invalid_image_request',
    );
  });

  it('reads a deeply nested schema without exhausting the stack', () => {
    const depth = 100_000;
    const schema = `${'{"items":'.repeat(depth)}{"description":"bad word"}${'}'.repeat(depth)}`;
    const body = `{"model":"m","messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f","parameters":${schema}}}]}`;
    const { refuses } = checkWith({});
    expect(refuses(openAiFormat, 'chat', Buffer.from(body))).toBe(REFUSED);
  });

  it('follows the switches and the word list as they change', () => {
    const off = checkWith({ CheckSensitiveEnabled: false });
    expect(off.refuses(openAiFormat, 'completions', { model: 'm', prompt: 'bad word' })).toBe(
      undefined,
    );
    expect(off.holdsWord(['bad word'])).toBe(false);
    const promptOff = checkWith({ CheckSensitiveOnPromptEnabled: false });
    expect(promptOff.holdsWord(['bad word'])).toBe(false);
    const list = checkWith({});
    expect(list.holdsWord(['new term'])).toBe(false);
    list.setWords('new term\n');
    expect(list.holdsWord(['fine', 'a New Term here'])).toBe(true);
    list.setWords('\n \n');
    expect(list.holdsWord(['bad word'])).toBe(false);
  });
});
