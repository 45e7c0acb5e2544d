import type { IncomingMessage } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const MODEL = 'mystery-model';
/** The English half of the message, as API clients get it. */
const WHAT_TO_SET =
  /Model mystery-model has no ratio or price: set a model ratio or a model price for it, or enable self-use mode/;

/**
 * A model that a channel serves but nobody priced is refused with a 403 (`model_price_error`)
 * in every inbound format, so no SDK retries it: each official client, left with its default
 * retries, reaches the server exactly once, sees the status and a message naming the model and
 * what to set, and nothing reaches upstream.
 */
describe('a model without a price', { timeout: 60_000 }, () => {
  let fixture: RelayFixture;
  /** Requests and websocket upgrades the server received. */
  let hits = 0;

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
    await fixture.addChannel({
      name: 'unpriced',
      models: MODEL,
      model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini' }),
    });
    const server = fixture.harness.app.server;
    server.on('request', () => (hits += 1));
    server.on('upgrade', () => (hits += 1));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs `call`, which must fail; returns the error and how many requests reached the server. */
  async function refused(call: () => Promise<unknown>): Promise<{ error: unknown; hits: number }> {
    fixture.mock.reset();
    const before = hits;
    const error = await call().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeDefined();
    expect(fixture.mock.requests).toHaveLength(0);
    return { error, hits: hits - before };
  }

  it('answers OpenAI chat, completions, embeddings and Responses clients with a 403 they do not retry', async () => {
    const client = new OpenAI({ apiKey: fixture.apiKey, baseURL: `${fixture.url}/v1` });
    expect(client.maxRetries).toBe(2);
    const calls: Array<() => Promise<unknown>> = [
      () =>
        client.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      () =>
        client.chat.completions.create({
          model: MODEL,
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      () => client.completions.create({ model: MODEL, prompt: 'hi' }),
      () => client.embeddings.create({ model: MODEL, input: 'hi' }),
      () => client.responses.create({ model: MODEL, input: 'hi' }),
    ];
    for (const call of calls) {
      const { error, hits } = await refused(call);
      expect(hits).toBe(1);
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      const apiError = error as InstanceType<typeof OpenAI.PermissionDeniedError>;
      expect(apiError.status).toBe(403);
      expect(apiError.code).toBe('model_price_error');
      expect(apiError.message).toMatch(WHAT_TO_SET);
    }
  });

  it('answers Claude Messages clients with a permission_error they do not retry', async () => {
    const client = new Anthropic({ apiKey: fixture.apiKey, baseURL: fixture.url });
    expect(client.maxRetries).toBe(2);
    const { error, hits } = await refused(() =>
      client.messages.create({
        model: MODEL,
        max_tokens: 20,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(hits).toBe(1);
    expect(error).toBeInstanceOf(Anthropic.PermissionDeniedError);
    const apiError = error as InstanceType<typeof Anthropic.PermissionDeniedError>;
    expect(apiError.status).toBe(403);
    expect(apiError.error).toMatchObject({ error: { type: 'permission_error' } });
    expect(apiError.message).toMatch(WHAT_TO_SET);
  });

  it('answers Gemini clients with PERMISSION_DENIED, which they do not retry', async () => {
    const ai = new GoogleGenAI({
      apiKey: fixture.apiKey,
      // Retries on, as an application would turn them on: 408, 429 and 5xx are retried.
      httpOptions: { baseUrl: fixture.url, retryOptions: { attempts: 3, initialDelay: 0.05 } },
    });
    const { error, hits } = await refused(() =>
      ai.models.generateContent({ model: MODEL, contents: 'hi' }),
    );
    expect(hits).toBe(1);
    const apiError = error as { status: number; message: string };
    expect(apiError.status).toBe(403);
    expect(apiError.message).toContain('PERMISSION_DENIED');
    expect(apiError.message).toMatch(WHAT_TO_SET);
  });

  it('refuses a realtime session with an HTTP 403 before the upgrade', async () => {
    const url = `${fixture.url.replace('http://', 'ws://')}/v1/realtime?model=${MODEL}`;
    const before = hits;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = new WebSocket(url, ['realtime'], {
        headers: { authorization: `Bearer ${fixture.apiKey}` },
      });
      socket.once('unexpected-response', (_request, response: IncomingMessage) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      socket.once('open', () => reject(new Error('upgraded')));
      socket.on('error', () => {});
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'model_price_error',
      message: expect.stringContaining('mystery-model'),
    });
    expect(hits - before).toBe(1);
  });
});
