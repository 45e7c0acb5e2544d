import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { DEFAULT_GEMINI_SETTINGS, GeminiAdaptor, type GeminiSettings } from './gemini-adaptor.js';
import type { GeminiRequest } from './gemini-api-types.js';
import { SKIP_THOUGHT_SIGNATURE } from './convert-to-gemini-content.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const channel = makeChannel({ type: 24, key: 'AIza-test', baseUrl: 'https://gemini.example/' });
const adaptorWith = (settings: Partial<GeminiSettings> = {}) =>
  new GeminiAdaptor(() => ({ ...DEFAULT_GEMINI_SETTINGS, ...settings }));
const adaptor = adaptorWith();

function chatInput(
  body: Record<string, unknown>,
  overrides: Parameters<typeof makeCallInput>[0] = {},
) {
  const upstreamModel = overrides.upstreamModel ?? 'gemini-2.5-flash';
  return makeCallInput({
    channel,
    upstreamModel,
    body: { model: upstreamModel, ...body },
    ...overrides,
  });
}
const sent = (request: { body: unknown }) => JSON.parse(String(request.body)) as GeminiRequest;

describe('Gemini adaptor: requests', () => {
  it('builds the URL from the version settings, with the key in x-goog-api-key', () => {
    const request = adaptor.buildRequest(
      chatInput({ messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(request.url).toBe(
      'https://gemini.example/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(request.headers['x-goog-api-key']).toBe('AIza-test');
    const stream = adaptor.buildRequest(
      chatInput(
        { messages: [], stream: true },
        {
          upstreamModel: 'gemini-1.0-pro',
          stream: true,
          body: { model: 'gemini-1.0-pro', messages: [{ role: 'user', content: 'x' }] },
        },
      ),
    );
    expect(stream.url).toBe(
      'https://gemini.example/v1/models/gemini-1.0-pro:streamGenerateContent?alt=sse',
    );
  });

  it('converts messages, tools, tool results, thought signatures and generation settings', () => {
    const body = sent(
      adaptor.buildRequest(
        chatInput(
          {
            messages: [
              { role: 'system', content: 'Be brief.' },
              { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
              {
                role: 'user',
                content: [
                  { type: 'text', text: 'Weather here?' },
                  { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
                ],
              },
              {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'weather', arguments: '{"city":"Paris"}' },
                    extra_content: { google: { thought_signature: 'sig-1' } },
                  },
                  { id: 'call_2', type: 'function', function: { name: 'time', arguments: '{}' } },
                ],
              },
              { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
              { role: 'tool', tool_call_id: 'call_2', content: 'noon' },
            ],
            tools: [
              {
                type: 'function',
                function: {
                  name: 'weather',
                  description: 'Weather of a city',
                  parameters: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { city: { type: 'string', format: 'uri', default: 'Paris' } },
                  },
                },
              },
              {
                type: 'function',
                function: { name: 'time', parameters: { type: 'object', properties: {} } },
              },
              { type: 'function', function: { name: 'googleSearch' } },
            ],
            tool_choice: 'required',
            temperature: 0.2,
            top_p: 0.9,
            max_tokens: 300,
            stop: 'END',
            seed: 7,
            response_format: { type: 'json_object' },
          },
          { upstreamModel: 'gemini-3-pro-preview' },
        ),
      ),
    );
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.\nUse metric units.' }] });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'Weather here?' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0K' } },
        ],
      },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-1' },
          { functionCall: { name: 'time', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { temp: 21 } } },
          { functionResponse: { name: 'time', response: { content: 'noon' } } },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather of a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
          { name: 'time' },
        ],
      },
      { googleSearch: {} },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 300,
      seed: 7,
      stopSequences: ['END'],
      responseMimeType: 'application/json',
    });
    expect(body.safetySettings).toContainEqual({
      category: 'HARM_CATEGORY_CIVIC_INTEGRITY',
      threshold: 'BLOCK_NONE',
    });
    expect(body.safetySettings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      threshold: 'OFF',
    });
  });

  it('gives a Gemini 3 function call from elsewhere the placeholder signature', () => {
    const body = sent(
      adaptor.buildRequest(
        chatInput(
          {
            messages: [
              { role: 'user', content: 'x' },
              {
                role: 'assistant',
                tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{}' } }],
              },
              { role: 'tool', tool_call_id: 'a', content: '1' },
            ],
          },
          { upstreamModel: 'gemini-3-pro-preview' },
        ),
      ),
    );
    expect(body.contents?.[1].parts?.[0].thoughtSignature).toBe(SKIP_THOUGHT_SIGNATURE);
  });

  it('applies the thinking adapter suffixes when it is on', () => {
    const on = adaptorWith({ thinkingAdapterEnabled: true, thinkingBudgetRatio: 0.5 });
    const messages = [{ role: 'user', content: 'x' }];
    const thinking = on.buildRequest(
      chatInput({ messages, max_tokens: 1000 }, { upstreamModel: 'gemini-2.5-flash-thinking' }),
    );
    expect(thinking.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(sent(thinking).generationConfig?.thinkingConfig).toEqual({
      includeThoughts: true,
      thinkingBudget: 500,
    });
    const capped = on.buildRequest(
      chatInput({ messages }, { upstreamModel: 'gemini-2.5-flash-thinking' }),
    );
    expect(sent(capped).generationConfig?.thinkingConfig?.thinkingBudget).toBe(24576);
    const off = on.buildRequest(
      chatInput({ messages }, { upstreamModel: 'gemini-2.5-flash-nothinking' }),
    );
    expect(sent(off).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0 });
    const adapterOff = adaptor.buildRequest(
      chatInput({ messages }, { upstreamModel: 'gemini-2.5-flash-thinking' }),
    );
    expect(adapterOff.url).toContain('/models/gemini-2.5-flash-thinking:');
  });

  it('asks image models for images and follows the safety settings option', () => {
    const custom = adaptorWith({
      imagineModels: ['gemini-2.0-flash-exp'],
      safetySettings: { default: 'BLOCK_ONLY_HIGH' },
    });
    const body = sent(
      custom.buildRequest(
        chatInput(
          { messages: [{ role: 'user', content: 'draw' }] },
          { upstreamModel: 'gemini-2.0-flash-exp' },
        ),
      ),
    );
    expect(body.generationConfig?.responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(new Set(body.safetySettings?.map((setting) => setting.threshold))).toEqual(
      new Set(['BLOCK_ONLY_HIGH']),
    );
  });

  it('takes GEMINI_SAFETY_SETTING for every category the option does not name', () => {
    const custom = adaptorWith({
      safetySettings: { default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_HARASSMENT: 'BLOCK_NONE' },
      safetyDefault: 'BLOCK_LOW_AND_ABOVE',
    });
    const body = sent(
      custom.buildRequest(chatInput({ messages: [{ role: 'user', content: 'hi' }] })),
    );
    const thresholds = new Map(
      body.safetySettings?.map((setting) => [setting.category, setting.threshold]),
    );
    expect(thresholds.get('HARM_CATEGORY_HARASSMENT')).toBe('BLOCK_NONE');
    expect(thresholds.get('HARM_CATEGORY_HATE_SPEECH')).toBe('BLOCK_LOW_AND_ABOVE');
    expect([...thresholds.values()]).not.toContain('BLOCK_ONLY_HIGH');
  });

  it('sends embeddings to embedContent or batchEmbedContents', () => {
    const one = adaptor.buildRequest(
      makeCallInput({
        mode: 'embeddings',
        channel,
        upstreamModel: 'text-embedding-004',
        body: { input: 'a', dimensions: 8 },
      }),
    );
    expect(one.url).toBe('https://gemini.example/v1beta/models/text-embedding-004:embedContent');
    expect(JSON.parse(String(one.body))).toEqual({
      model: 'models/text-embedding-004',
      content: { parts: [{ text: 'a' }] },
      outputDimensionality: 8,
    });
    const many = adaptor.buildRequest(
      makeCallInput({
        mode: 'embeddings',
        channel,
        upstreamModel: 'text-embedding-004',
        body: { input: ['a', 'b'] },
      }),
    );
    expect(many.url).toContain(':batchEmbedContents');
    expect(JSON.parse(String(many.body)).requests).toHaveLength(2);
  });

  it('sends a Gemini client’s own body without the model field', () => {
    const native = {
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    };
    const request = adaptor.buildRequest(
      chatInput({ messages: [] }, { native: { format: 'gemini', body: native, unchanged: true } }),
    );
    expect(JSON.parse(String(request.body))).toEqual({ contents: native.contents });
  });

  it('refuses modes Gemini does not serve', () => {
    expect(() => adaptor.buildRequest(makeCallInput({ mode: 'rerank', channel }))).toThrow(
      RelayError,
    );
  });
});

describe('Gemini adaptor: answers and errors', () => {
  it('reads a recorded answer with usage', () => {
    const answer = adaptor.readAnswer(
      chatInput({}),
      fixture('google-text.json'),
      'application/json',
    );
    const choice = (
      answer.completion.choices as { message: { content: string }; finish_reason: string }[]
    )[0];
    expect(choice.message.content).toBe(
      "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
    );
    expect(choice.finish_reason).toBe('stop');
    expect(answer.usage).toEqual({
      promptTokens: 9,
      completionTokens: 28 + 244,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 244,
    });
  });

  it('reads a recorded function call', () => {
    const answer = adaptor.readAnswer(chatInput({}), fixture('google-tool-call.json'), '');
    const choice = (
      answer.completion.choices as { message: { tool_calls: unknown[] }; finish_reason: string }[]
    )[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
        extra_content: { google: { thought_signature: expect.stringMatching(/^EskgCsYgAb/) } },
      },
    ]);
  });

  it('turns a blocked prompt into a 400 and an empty answer into a 500', () => {
    expect(() =>
      adaptor.readAnswer(chatInput({}), fixture('google-safety-block.json'), ''),
    ).toThrow(expect.objectContaining({ status: 400, code: 'prompt_blocked', local: false }));
    expect(() => adaptor.readAnswer(chatInput({}), Buffer.from('{"candidates":[]}'), '')).toThrow(
      expect.objectContaining({ status: 500, message: 'No candidates returned' }),
    );
    expect(() => adaptor.readAnswer(chatInput({}), Buffer.from('not json'), '')).toThrow(
      expect.objectContaining({ code: 'unmarshal_response_body_failed' }),
    );
  });

  it('reads a 429 with its retry delay: retryable, the key kept', () => {
    const error = adaptor.parseError(429, fixture('google-429-retry-info.json'));
    expect(error).toMatchObject({ status: 429, type: 'RESOURCE_EXHAUSTED' });
    expect(error.message).toBe(
      'You exceeded your current quota, please check your plan. (retry after 34.4s)',
    );
    expect(adaptor.classifyError(error)).toEqual({ retryable: true, credentialRejected: false });
  });

  it('rejects the key on 400 API_KEY_INVALID and 403 PERMISSION_DENIED', () => {
    const invalid = adaptor.parseError(400, fixture('google-invalid-key.json'));
    expect(invalid).toMatchObject({ status: 400, code: 'API_KEY_INVALID' });
    expect(adaptor.classifyError(invalid)).toEqual({ retryable: true, credentialRejected: true });
    const denied = adaptor.parseError(
      403,
      Buffer.from(
        '{"error":{"code":403,"message":"Permission denied","status":"PERMISSION_DENIED"}}',
      ),
    );
    expect(adaptor.classifyError(denied).credentialRejected).toBe(true);
    const badRequest = adaptor.parseError(
      400,
      Buffer.from('{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}'),
    );
    expect(adaptor.classifyError(badRequest)).toEqual({
      retryable: false,
      credentialRejected: false,
    });
  });

  it('reads embeddings answers', () => {
    const input = makeCallInput({
      mode: 'embeddings',
      channel,
      upstreamModel: 'text-embedding-004',
      body: { input: ['a', 'b'] },
    });
    const answer = adaptor.readAnswer(
      input,
      Buffer.from('{"embeddings":[{"values":[0.1,0.2]},{"values":[0.3,0.4]}]}'),
      '',
    );
    expect(answer.completion).toEqual({
      object: 'list',
      model: 'text-embedding-004',
      data: [
        { object: 'embedding', index: 0, embedding: [0.1, 0.2] },
        { object: 'embedding', index: 1, embedding: [0.3, 0.4] },
      ],
    });
  });

  it('reads Imagen predictions, leaving out filtered images', () => {
    const input = makeCallInput({
      mode: 'images',
      channel,
      upstreamModel: 'imagen-3.0-generate-002',
      body: { prompt: 'a cat', n: 2 },
    });
    const answer = adaptor.readAnswer(
      input,
      Buffer.from(
        '{"predictions":[{"bytesBase64Encoded":"iVBOR","mimeType":"image/png"},{"raiFilteredReason":"filtered"}]}',
      ),
      '',
    );
    expect(answer.completion.data).toEqual([{ b64_json: 'iVBOR' }]);
    expect(() =>
      adaptor.readAnswer(input, Buffer.from('{"predictions":[{"raiFilteredReason":"x"}]}'), ''),
    ).toThrow(expect.objectContaining({ code: 'no_image_returned' }));
  });
});
