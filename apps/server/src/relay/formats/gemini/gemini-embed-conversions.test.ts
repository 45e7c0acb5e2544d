import { describe, expect, it } from 'vitest';
import { base64Vector } from '../../../providers/embeddings.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { embeddingsToGeminiAnswer } from './embeddings-to-gemini-answer.js';
import { geminiEmbedToEmbeddings, type GeminiEmbedMethod } from './gemini-embed-request.js';

function convert(method: GeminiEmbedMethod, request: unknown) {
  const dropped = new DroppedFields();
  const body = geminiEmbedToEmbeddings(method, request, 'embedder', dropped);
  return { body, dropped: dropped.list() };
}

const text = (value: string) => ({ parts: [{ text: value }] });

describe('a Gemini embedding request as the internal embeddings call', () => {
  it('embedContent is one input; its parts are one text', () => {
    expect(
      convert('embedContent', {
        model: 'models/embedder',
        content: { parts: [{ text: 'a' }, { text: 'b' }] },
        outputDimensionality: 16,
      }),
    ).toEqual({ body: { model: 'embedder', input: 'a\nb', dimensions: 16 }, dropped: [] });
  });

  it('batchEmbedContents is one input per request, in order', () => {
    const { body, dropped } = convert('batchEmbedContents', {
      requests: [
        { model: 'models/embedder', content: text('one'), taskType: 'RETRIEVAL_QUERY' },
        { model: 'models/embedder', content: text('two'), title: 'Doc' },
      ],
    });
    expect(body).toEqual({ model: 'embedder', input: ['one', 'two'] });
    expect(dropped).toEqual(['taskType', 'title']);
  });

  it("takes the first request's dimensions and names what it could not carry", () => {
    const { body, dropped } = convert('batchEmbedContents', {
      requests: [
        { content: text('one'), outputDimensionality: 8 },
        { content: { parts: [{ text: 'two' }, { inlineData: { mimeType: 'image/png' } }] } },
        { content: text('three'), outputDimensionality: 4 },
      ],
    });
    expect(body).toEqual({ model: 'embedder', input: ['one', 'two', 'three'], dimensions: 8 });
    expect(dropped).toEqual(['content.parts[].inlineData', 'outputDimensionality']);
  });

  it('refuses what Gemini refuses, as INVALID_ARGUMENT', () => {
    const refused = [
      ['embedContent', []],
      ['embedContent', {}],
      ['embedContent', { content: { parts: [] } }],
      ['embedContent', { content: { parts: ['x'] } }],
      ['embedContent', { content: text('x'), outputDimensionality: 1.5 }],
      ['batchEmbedContents', { requests: [] }],
      ['batchEmbedContents', { requests: [null] }],
      ['batchEmbedContents', { content: text('x') }],
    ] as const;
    for (const [method, request] of refused) {
      expect(() => convert(method, request)).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_argument' }),
      );
    }
  });
});

describe('an embeddings answer in Gemini shape', () => {
  const list = (data: unknown[]) => ({ object: 'list', data, model: 'embedder' });

  it('embedContent answers {embedding:{values}}', () => {
    expect(
      embeddingsToGeminiAnswer('embedContent', list([{ index: 0, embedding: [0.5, -0.25] }])),
    ).toEqual({ embedding: { values: [0.5, -0.25] } });
  });

  it('batchEmbedContents answers {embeddings:[{values}]} in request order, base64 decoded', () => {
    const answer = embeddingsToGeminiAnswer(
      'batchEmbedContents',
      list([
        { index: 1, embedding: base64Vector([0.75, 1]) },
        { index: 0, embedding: [0.5] },
      ]),
    );
    expect(answer).toEqual({ embeddings: [{ values: [0.5] }, { values: [0.75, 1] }] });
  });

  it('an answer without vectors is an upstream error', () => {
    expect(() => embeddingsToGeminiAnswer('embedContent', list([]))).toThrow(/no embedding/);
    expect(() =>
      embeddingsToGeminiAnswer('batchEmbedContents', list([{ index: 0, embedding: {} }])),
    ).toThrow(/no embedding/);
  });
});
