import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../errors/relay-error.js';
import { geminiToChatRequest } from './gemini-to-chat-request.js';
import { geminiSchemaToJsonSchema } from './gemini-tools-to-chat.js';

function refused(request: unknown): RelayError {
  try {
    geminiToChatRequest(request, 'gpt-4o-mini', false);
  } catch (error) {
    expect(error).toBeInstanceOf(RelayError);
    expect((error as RelayError).status).toBe(400);
    return error as RelayError;
  }
  throw new Error('accepted');
}

describe('a Gemini request as the internal chat call', () => {
  it('converts text turns, the system instruction and the generation config', () => {
    const body = geminiToChatRequest(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'Hello' }, { text: ' there' }] },
          { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'Hi!' }] },
          { parts: [{ text: 'How are you?' }] },
        ],
        generationConfig: {
          temperature: 0.3,
          topP: 0.9,
          topK: 40,
          maxOutputTokens: 256,
          stopSequences: ['END'],
          candidateCount: 1,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
          seed: 7,
        },
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      },
      'gpt-4o-mini',
      true,
    );
    expect(body).toEqual({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.\nBe kind.' },
        { role: 'user', content: 'Hello there' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'How are you?' },
      ],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 40,
      max_tokens: 256,
      stop: ['END'],
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      seed: 7,
    });
  });

  it('sends inline images as data URLs and other media as their kind', () => {
    const body = geminiToChatRequest(
      {
        contents: [
          {
            role: 'user',
            parts: [
              { text: 'What is this?' },
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0K' } },
              { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/a.jpg' } },
              { inlineData: { mimeType: 'audio/wav', data: 'UklGR' } },
              { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
            ],
          },
        ],
      },
      'gpt-4o',
      false,
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
          { type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } },
          { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
          {
            type: 'file',
            file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBER' },
          },
        ],
      },
    ]);
    expect(body).not.toHaveProperty('stream');
  });

  it('turns function calls and responses into tool calls and tool messages', () => {
    const body = geminiToChatRequest(
      {
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
          {
            role: 'model',
            parts: [
              { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'x' },
              { functionCall: { name: 'weather', args: { city: 'Rome' } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'weather', response: { temp: 20 } } },
              { functionResponse: { name: 'weather', response: { temp: 25 } } },
            ],
          },
          {
            role: 'model',
            parts: [{ functionCall: { id: 'own-id', name: 'clock', args: {} } }],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { id: 'own-id', name: 'clock', response: { time: '12:00' } } },
              { text: 'Thanks' },
            ],
          },
        ],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'weather',
                description: 'Weather of a city',
                parameters: {
                  type: 'OBJECT',
                  properties: { city: { type: 'STRING', nullable: true } },
                  required: ['city'],
                  propertyOrdering: ['city'],
                },
              },
              { name: 'clock', parametersJsonSchema: { type: 'object', properties: {} } },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } },
      },
      'gpt-4o-mini',
      false,
    );
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Rome"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":20}' },
      { role: 'tool', tool_call_id: 'call_2', content: '{"temp":25}' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'own-id', type: 'function', function: { name: 'clock', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'own-id', content: '{"time":"12:00"}' },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather of a city',
          parameters: {
            type: 'object',
            properties: { city: { type: ['string', 'null'] } },
            required: ['city'],
          },
        },
      },
      {
        type: 'function',
        function: { name: 'clock', parameters: { type: 'object', properties: {} } },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'weather' } });
  });

  it('maps the function calling modes', () => {
    const tools = [{ functionDeclarations: [{ name: 'f' }] }];
    const choice = (functionCallingConfig: unknown) =>
      geminiToChatRequest(
        { contents: [{ parts: [{ text: 'x' }] }], tools, toolConfig: { functionCallingConfig } },
        'm',
        false,
      ).tool_choice;
    expect(choice({ mode: 'AUTO' })).toBe('auto');
    expect(choice({ mode: 'ANY' })).toBe('required');
    expect(choice({ mode: 'NONE' })).toBe('none');
  });

  it('asks for JSON with the response schema', () => {
    const body = geminiToChatRequest(
      {
        contents: [{ parts: [{ text: 'A person' }] }],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: 'OBJECT',
            properties: {
              name: { type: 'STRING' },
              tags: { type: 'ARRAY', items: { type: 'STRING' } },
            },
          },
        },
      },
      'm',
      false,
    );
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    });
    const plain = geminiToChatRequest(
      {
        contents: [{ parts: [{ text: 'JSON please' }] }],
        generationConfig: { responseMimeType: 'application/json' },
      },
      'm',
      false,
    );
    expect(plain.response_format).toEqual({ type: 'json_object' });
    expect(
      geminiSchemaToJsonSchema({ type: 'TYPE_UNSPECIFIED', anyOf: [{ type: 'INTEGER' }] }),
    ).toEqual({
      anyOf: [{ type: 'integer' }],
    });
  });

  it('refuses what it cannot read with 400 INVALID_ARGUMENT', () => {
    expect(refused([]).message).toMatch(/JSON object/);
    expect(refused({}).message).toMatch(/contents is not specified/);
    expect(refused({ contents: [] }).message).toMatch(/contents is not specified/);
    expect(refused({ contents: 'hi' }).message).toMatch(/contents is not specified/);
    expect(refused({ contents: [{ role: 'system', parts: [{ text: 'x' }] }] }).message).toMatch(
      /role/,
    );
    expect(refused({ contents: [{ parts: 'x' }] }).message).toMatch(/parts must be an array/);
    expect(refused({ contents: [{ parts: [7] }] }).message).toMatch(/must be an object/);
    expect(refused({ contents: [{ parts: [{}] }] }).message).toMatch(/no supported field/);
    expect(refused({ contents: [{ parts: [] }] }).message).toMatch(/at least one part/);
    const text = [{ parts: [{ text: 'x' }] }];
    expect(refused({ contents: text, generationConfig: { candidateCount: 2 } }).message).toMatch(
      /candidateCount/,
    );
    expect(refused({ contents: text, generationConfig: { temperature: 'hot' } }).message).toMatch(
      /temperature must be a number/,
    );
    expect(refused({ contents: text, generationConfig: { stopSequences: 'END' } }).message).toMatch(
      /stopSequences/,
    );
    expect(
      refused({ contents: text, generationConfig: { responseMimeType: 'text/x.enum' } }).message,
    ).toMatch(/responseMimeType/);
    expect(refused({ contents: text, tools: [{ googleSearch: {} }] }).message).toMatch(
      /googleSearch/,
    );
    expect(refused({ contents: text, tools: [{ functionDeclarations: [{}] }] }).message).toMatch(
      /name is required/,
    );
    expect(refused({ contents: text, cachedContent: 'cachedContents/1' }).message).toMatch(
      /cachedContent/,
    );
    expect(
      refused({ contents: [{ parts: [{ inlineData: { mimeType: 'video/mp4', data: 'AA' } }] }] })
        .message,
    ).toMatch(/video\/mp4/);
    expect(
      refused({ contents: [{ parts: [{ inlineData: { mimeType: 'image/png' } }] }] }).message,
    ).toMatch(/data is required/);
    expect(
      refused({ contents: [{ role: 'model', parts: [{ functionCall: { args: {} } }] }] }).message,
    ).toMatch(/functionCall.name/);
    expect(
      refused({ contents: text, systemInstruction: { parts: [{ inlineData: {} }] } }).message,
    ).toMatch(/systemInstruction/);
  });
});
