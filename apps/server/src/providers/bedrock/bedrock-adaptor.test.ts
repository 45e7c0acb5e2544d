import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RelayError } from '../../errors/relay-error.js';
import { createProviderRegistry } from '../registry.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { bedrockModelId, regionPrefix } from './bedrock-model-ids.js';
import { signBedrockRequest } from './sign-bedrock-request.js';

const adaptor = createProviderRegistry().getAdaptor(33);

/** The request as the relay sends it: built, then signed. */
async function send(input: RelayCallInput) {
  return adaptor.authorize!(input, adaptor.buildRequest(input));
}
const KEY = 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|eu-west-1';
const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url));

function call(model: string, body: Record<string, unknown>, stream = false, key = KEY) {
  return makeCallInput({
    upstreamModel: model,
    stream,
    body: { model, ...body },
    channel: makeChannel({ type: 33, key, baseUrl: '' }),
  });
}

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'weather',
      description: 'Weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  },
];

describe('Bedrock model ids', () => {
  it('maps friendly names and adds the region’s cross-region profile when the model has one', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20240620', 'us-east-1')).toBe(
      'us.anthropic.claude-3-5-sonnet-20240620-v1:0',
    );
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'ap-northeast-1')).toBe(
      'apac.anthropic.claude-3-5-sonnet-20241022-v2:0',
    );
    // No EU profile for this one: the plain id.
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'eu-central-1')).toBe(
      'anthropic.claude-3-5-sonnet-20241022-v2:0',
    );
    expect(bedrockModelId('claude-2.1', 'us-east-1')).toBe('anthropic.claude-v2:1');
    expect(bedrockModelId('meta.llama3-70b-instruct-v1:0', 'us-east-1')).toBe(
      'meta.llama3-70b-instruct-v1:0',
    );
    expect(regionPrefix('ap-southeast-2')).toBe('apac');
  });
});

describe('BedrockAdaptor requests', () => {
  it('sends Claude through InvokeModel with the Anthropic body, signed with SigV4', async () => {
    const request = await send(
      call('claude-3-7-sonnet-20250219', {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
        ],
        max_tokens: 100,
      }),
    );
    expect(request.url).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com/model/eu.anthropic.claude-3-7-sonnet-20250219-v1%3A0/invoke',
    );
    const body = JSON.parse(String(request.body)) as Record<string, unknown>;
    expect(body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 100,
    });
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request.headers.host).toBeUndefined();
  });

  it('streams Claude through invoke-with-response-stream', async () => {
    const request = await send(
      call('claude-3-haiku-20240307', { messages: [{ role: 'user', content: 'hi' }] }, true),
    );
    expect(request.url).toMatch(
      /\/model\/eu\.anthropic\.claude-3-haiku-20240307-v1%3A0\/invoke-with-response-stream$/,
    );
    expect(request.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(JSON.parse(String(request.body))).not.toHaveProperty('stream');
  });

  it('sends other models through Converse, tools and tool results included', async () => {
    const request = await send(
      call(
        'nova-pro-v1:0',
        {
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Weather in Paris?' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'weather', arguments: '{"city":"Paris"}' },
                },
              ],
            },
            { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          ],
          tools: TOOLS,
          tool_choice: 'required',
          temperature: 0.5,
          top_p: 0.9,
          stop: 'END',
          max_tokens: 64,
        },
        true,
      ),
    );
    expect(request.url).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com/model/eu.amazon.nova-pro-v1%3A0/converse-stream',
    );
    expect(JSON.parse(String(request.body))).toEqual({
      messages: [
        { role: 'user', content: [{ text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { toolUse: { toolUseId: 'call_1', name: 'weather', input: { city: 'Paris' } } },
          ],
        },
        {
          role: 'user',
          content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: 'sunny' }] } }],
        },
      ],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 64, temperature: 0.5, topP: 0.9, stopSequences: ['END'] },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'weather',
              description: 'Weather of a city',
              inputSchema: { json: TOOLS[0]!.function.parameters },
            },
          },
        ],
        toolChoice: { any: {} },
      },
    });
  });

  it('refuses a key that is not AccessKey|Secret|Region as a rejected credential', async () => {
    let error: RelayError | undefined;
    try {
      adaptor.buildRequest(
        call('nova-pro-v1:0', { messages: [{ role: 'user', content: 'hi' }] }, false, 'just-a-key'),
      );
    } catch (caught) {
      error = caught as RelayError;
    }
    expect(error).toMatchObject({ status: 401, local: false });
    expect(adaptor.classifyError(error!).credentialRejected).toBe(true);
  });

  it('signs the same request the same way for the same date (and differently per secret)', async () => {
    const date = new Date('2026-01-02T03:04:05Z');
    const credentials = { accessKeyId: 'AK', secretAccessKey: 'one', region: 'us-east-1' };
    const url = 'https://bedrock-runtime.us-east-1.amazonaws.com/model/x/converse';
    const first = await signBedrockRequest(url, '{}', { accept: 'a' }, credentials, date);
    const again = await signBedrockRequest(url, '{}', { accept: 'a' }, credentials, date);
    const other = await signBedrockRequest(
      url,
      '{}',
      { accept: 'a' },
      { ...credentials, secretAccessKey: 'two' },
      date,
    );
    expect(first.headers.authorization).toBe(again.headers.authorization);
    expect(first.headers.authorization).not.toBe(other.headers.authorization);
    expect(first.headers['x-amz-date']).toBe('20260102T030405Z');
  });
});

describe('BedrockAdaptor answers (recorded Converse answers)', () => {
  it('reads a text answer with its usage', () => {
    const answer = adaptor.readAnswer(
      call('nova-pro-v1:0', {}),
      fixture('amazon-bedrock-text'),
      'application/json',
    );
    const choice = (answer.completion.choices as Record<string, unknown>[])[0]!;
    expect(choice.finish_reason).toBe('stop');
    expect((choice.message as { content: string }).content).toContain('There are **3**');
    expect(answer.usage).toEqual({
      promptTokens: 22,
      completionTokens: 57,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
  });

  it('reads a tool call', () => {
    const answer = adaptor.readAnswer(
      call('nova-pro-v1:0', {}),
      fixture('amazon-bedrock-tool-call.1'),
      'application/json',
    );
    const choice = (answer.completion.choices as Record<string, unknown>[])[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message).toMatchObject({
      content: null,
      tool_calls: [
        {
          id: 'tool-use-id',
          type: 'function',
          function: { name: 'bash', arguments: '{"command":"ls -l"}' },
        },
      ],
    });
    expect(answer.usage?.promptTokens).toBe(10);
  });

  it('reads reasoning into reasoning_content', () => {
    const answer = adaptor.readAnswer(
      call('nova-pro-v1:0', {}),
      fixture('amazon-bedrock-reasoning'),
      'application/json',
    );
    const message = (answer.completion.choices as { message: Record<string, unknown> }[])[0]!
      .message;
    expect(String(message.reasoning_content).length).toBeGreaterThan(0);
  });

  it('reads a Claude answer with the Anthropic conversion', () => {
    const claude = readFileSync(
      new URL('../anthropic/__fixtures__/anthropic-text.json', import.meta.url),
    );
    const answer = adaptor.readAnswer(
      call('claude-3-haiku-20240307', {}),
      claude,
      'application/json',
    );
    expect(answer.usage?.completionTokens).toBeGreaterThan(0);
    expect(answer.completion.object).toBe('chat.completion');
  });

  it('reads AWS error bodies and treats 403 as a rejected credential', () => {
    const error = adaptor.parseError(
      403,
      Buffer.from('{"message":"The security token included in the request is invalid."}'),
    );
    expect(error).toMatchObject({
      status: 403,
      message: 'The security token included in the request is invalid.',
    });
    expect(adaptor.classifyError(error)).toEqual({ retryable: true, credentialRejected: true });
    const throttled = adaptor.parseError(429, Buffer.from('{"Message":"Too many requests"}'));
    expect(throttled.message).toBe('Too many requests');
    expect(adaptor.classifyError(throttled)).toEqual({
      retryable: true,
      credentialRejected: false,
    });
    expect(
      adaptor.classifyError(adaptor.parseError(400, Buffer.from('{"message":"bad"}'))),
    ).toEqual({
      retryable: false,
      credentialRejected: false,
    });
  });
});
