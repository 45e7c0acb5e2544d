import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskFixture, type TaskFixture } from '../tasks/task-fixture.js';

const WORD = 'forbidden plan';

interface Case {
  /** Where the word is. */
  place: string;
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  /** The format's own refusal: status and body. */
  status: number;
  refusal: unknown;
}

const OPENAI_REFUSAL = {
  error: expect.objectContaining({
    message: expect.stringContaining('sensitive words detected'),
    code: 'sensitive_words_detected',
  }),
};
const CLAUDE_REFUSAL = {
  type: 'error',
  error: {
    type: 'invalid_request_error',
    message: expect.stringContaining('sensitive words detected'),
  },
};
const GEMINI_REFUSAL = {
  error: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: expect.stringContaining('sensitive words detected'),
  },
};
const user = (content: unknown) => ({ role: 'user', content });
const TOOL = {
  type: 'function',
  function: { name: 'lookup', description: `finds the ${WORD}`, parameters: { type: 'object' } },
};
const claude = (fields: Record<string, unknown>) => ({
  model: 'gpt-4o-mini',
  max_tokens: 50,
  messages: [user('hello')],
  ...fields,
});
const gemini = '/v1beta/models/gpt-4o-mini:generateContent';

const CASES: Case[] = [
  {
    place: 'an OpenAI chat message name',
    path: '/v1/chat/completions',
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', name: WORD, content: 'hi' }] },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'an OpenAI chat tool description',
    path: '/v1/chat/completions',
    body: { model: 'gpt-4o-mini', messages: [user('hi')], tools: [TOOL] },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'an OpenAI chat tool call argument',
    path: '/v1/chat/completions',
    body: {
      model: 'gpt-4o-mini',
      messages: [
        user('hi'),
        {
          role: 'assistant',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'f', arguments: `"${WORD}"` } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
      ],
    },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'a completion prompt',
    path: '/v1/completions',
    body: { model: 'gpt-3.5-turbo-instruct', prompt: `the ${WORD}` },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'a Responses function_call_output',
    path: '/v1/responses',
    body: {
      model: 'gpt-4o-mini',
      input: [
        user('hi'),
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: `the ${WORD}` },
      ],
    },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'a Responses tool',
    path: '/v1/responses',
    body: {
      model: 'gpt-4o-mini',
      input: 'hi',
      tools: [{ type: 'function', name: 'f', description: WORD, parameters: {} }],
    },
    status: 400,
    refusal: OPENAI_REFUSAL,
  },
  {
    place: 'a Claude system block',
    path: '/v1/messages',
    body: claude({ system: [{ type: 'text', text: `keep the ${WORD}` }] }),
    status: 400,
    refusal: CLAUDE_REFUSAL,
  },
  {
    place: 'a Claude tool_use input',
    path: '/v1/messages',
    body: claude({
      messages: [
        user('hi'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't', name: 'f', input: { q: WORD } }],
        },
        user([{ type: 'tool_result', tool_use_id: 't', content: 'ok' }]),
      ],
    }),
    status: 400,
    refusal: CLAUDE_REFUSAL,
  },
  {
    place: 'a Claude tool schema',
    path: '/v1/messages',
    body: claude({
      tools: [
        {
          name: 'f',
          input_schema: { type: 'object', properties: { q: { description: WORD } } },
        },
      ],
    }),
    status: 400,
    refusal: CLAUDE_REFUSAL,
  },
  {
    place: 'a Gemini systemInstruction',
    path: gemini,
    body: {
      systemInstruction: { parts: [{ text: WORD }] },
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    },
    status: 400,
    refusal: GEMINI_REFUSAL,
  },
  {
    place: 'a Gemini function declaration',
    path: gemini,
    body: {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools: [{ functionDeclarations: [{ name: 'f', description: `the ${WORD}` }] }],
    },
    status: 400,
    refusal: GEMINI_REFUSAL,
  },
  {
    place: 'a Midjourney imagine prompt',
    path: '/mj/submit/imagine',
    body: { prompt: `a ${WORD} --v 6` },
    status: 400,
    refusal: { code: 4, description: 'sensitive_words_detected', type: 'upstream_error' },
  },
  {
    place: 'a Suno music prompt',
    path: '/suno/submit/music',
    body: { gpt_description_prompt: 'jazz', prompt: `[verse] the ${WORD}`, tags: 'pop' },
    status: 400,
    refusal: { code: 'sensitive_words_detected', message: 'sensitive words detected', data: null },
  },
  {
    place: 'a Suno title',
    path: '/suno/submit/music',
    body: { prompt: 'la la', title: WORD },
    status: 400,
    refusal: { code: 'sensitive_words_detected', message: 'sensitive words detected', data: null },
  },
];

/**
 * The sensitive-word check over every text a call sends upstream, in every inbound format and on
 * the task routes: a request with the word anywhere is refused in its format's own error shape,
 * before any upstream call and without any charge; the same requests without it go through.
 */
describe('sensitive words in every format', { timeout: 60_000 }, () => {
  let fixture: TaskFixture;

  const send = (path: string, body: unknown) =>
    fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fixture.apiKey}`,
        'x-goog-api-key': fixture.apiKey.slice(3),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    fixture = await createTaskFixture('sqlite');
    await fixture.harness.runtime.context.options.update('SensitiveWords', `${WORD}\n机密`);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  it.each(CASES)('refuses $place', async ({ path, body, status, refusal }) => {
    const before = await fixture.balances(fixture.tokenId);
    const logsBefore = (await fixture.consumeLogs()).length;
    fixture.mock.reset();

    const response = await send(path, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject(refusal as object);

    expect(fixture.mock.requests).toHaveLength(0);
    expect(await fixture.balances(fixture.tokenId)).toEqual(before);
    expect(await fixture.consumeLogs()).toHaveLength(logsBefore);
  });

  it.each(CASES)('lets $place through without the word', async ({ path, body }) => {
    fixture.mock.reset();
    const clean = JSON.parse(JSON.stringify(body).replaceAll(WORD, 'garden plan'));
    const response = await send(path, clean);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(fixture.mock.requests.length).toBeGreaterThan(0);
  });
});
