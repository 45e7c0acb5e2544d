import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../errors/relay-error.js';
import type { Usage } from '../../../providers/usage.js';
import { chatToGeminiAnswer, geminiFinishReason } from './chat-to-gemini-answer.js';
import { writeGeminiError } from './gemini-error.js';

const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const usage: Usage = {
  promptTokens: 20,
  completionTokens: 30,
  cachedTokens: 5,
  cacheCreationTokens: 0,
  reasoningTokens: 12,
};

const keys = (value: unknown) => Object.keys(value as object).sort();

describe('an internal answer for a Gemini client', () => {
  it('writes text and reasoning with usage in the shape Google answers', () => {
    const answer = chatToGeminiAnswer(
      {
        id: 'chatcmpl-1',
        model: 'gpt-4o-mini-2024-07-18',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'Hello', reasoning_content: 'Let me think' },
            finish_reason: 'stop',
          },
        ],
      },
      usage,
      'fallback',
    );
    expect(answer).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'Let me think', thought: true }, { text: 'Hello' }],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 20,
        candidatesTokenCount: 18,
        thoughtsTokenCount: 12,
        cachedContentTokenCount: 5,
        totalTokenCount: 50,
      },
      modelVersion: 'gpt-4o-mini-2024-07-18',
      responseId: 'chatcmpl-1',
    });
    const google = recorded('google-text.json');
    expect(keys(answer)).toEqual(keys(google));
    const candidate = (google.candidates as unknown[])[0];
    expect(keys(answer.candidates[0])).toEqual(keys(candidate));
  });

  it('writes tool calls as functionCall parts, as Google does', () => {
    const answer = chatToGeminiAnswer(
      {
        choices: [
          {
            message: {
              content: null,
              tool_calls: [
                {
                  id: 'c1',
                  type: 'function',
                  function: { name: 'weather', arguments: '{"location":"SF"}' },
                },
                { id: 'c2', type: 'function', function: { name: 'clock', arguments: '' } },
                { id: 'c3', type: 'function', function: { name: 'raw', arguments: 'not json' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      undefined,
      'claude-test',
    );
    expect(answer.candidates[0].content.parts).toEqual([
      { functionCall: { name: 'weather', args: { location: 'SF' } } },
      { functionCall: { name: 'clock', args: {} } },
      { functionCall: { name: 'raw', args: { arguments: 'not json' } } },
    ]);
    expect(answer.candidates[0].finishReason).toBe('STOP');
    expect(answer.modelVersion).toBe('claude-test');
    expect(answer).not.toHaveProperty('usageMetadata');
    const google = recorded('google-tool-call.json') as {
      candidates: Array<{ content: { parts: Array<{ functionCall: object }> } }>;
    };
    expect(keys(answer.candidates[0].content.parts[0].functionCall)).toEqual(
      keys(google.candidates[0].content.parts[0].functionCall),
    );
  });

  it('maps finish reasons and an empty answer', () => {
    expect(geminiFinishReason('length')).toBe('MAX_TOKENS');
    expect(geminiFinishReason('content_filter')).toBe('SAFETY');
    expect(geminiFinishReason('something_else')).toBe('OTHER');
    expect(geminiFinishReason(null)).toBe('STOP');
    const empty = chatToGeminiAnswer({ choices: [] }, undefined, 'm');
    expect(empty.candidates[0].content.parts).toEqual([{ text: '' }]);
  });

  it("writes errors in Google's shape with its status names", () => {
    const body = (status: number) =>
      writeGeminiError(new RelayError(status, 'boom'), 'req-1') as {
        status: number;
        body: { error: { code: number; message: string; status: string } };
      };
    expect(body(400)).toEqual({
      status: 400,
      body: {
        error: { code: 400, message: 'boom (request id: req-1)', status: 'INVALID_ARGUMENT' },
      },
    });
    expect(body(401).body.error.status).toBe('UNAUTHENTICATED');
    expect(body(403).body.error.status).toBe('PERMISSION_DENIED');
    expect(body(404).body.error.status).toBe('NOT_FOUND');
    expect(body(429).body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(body(500).body.error.status).toBe('INTERNAL');
    expect(body(503).body.error.status).toBe('UNAVAILABLE');
    expect(body(402)).toMatchObject({
      status: 429,
      body: { error: { status: 'RESOURCE_EXHAUSTED' } },
    });
    expect(body(502)).toMatchObject({ status: 503, body: { error: { status: 'UNAVAILABLE' } } });
    expect(body(413).status).toBe(400);
  });
});
