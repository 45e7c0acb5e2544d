import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatePromptTokens } from '../../src/billing/index.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * A Claude stream converted from an OpenAI channel reports an input count in `message_start`,
 * where Anthropic puts it and where clients such as LangChain read it: the relay's pre-call
 * estimate, since OpenAI counts the prompt only in its last chunk. `message_delta` carries the
 * exact count, which the SDK's final message takes over.
 */
describe.each(appDatabaseKinds())('the input count of a converted Claude stream on %s', (kind) => {
  let fixture: RelayFixture;
  /** The bodies the SDK sent, as bytes. */
  const sentBodies: number[] = [];
  let client: Anthropic;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    client = new Anthropic({
      apiKey: fixture.apiKey,
      baseURL: fixture.url,
      maxRetries: 0,
      fetch: (url: string | URL | Request, init?: RequestInit) => {
        if (typeof init?.body === 'string') sentBodies.push(Buffer.byteLength(init.body));
        return fetch(url, init);
      },
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('is the pre-call estimate in message_start and the exact count in message_delta', async () => {
    const { result, log } = await fixture.billed(async () => {
      const stream = client.messages.stream({
        model: 'gpt-4o-mini',
        max_tokens: 100,
        system: 'Answer in one sentence.',
        messages: [{ role: 'user', content: 'Why is the sky blue? '.repeat(20) }],
      });
      // Read at once: the SDK builds its final message on this event's object.
      let startInput: number | undefined;
      stream.on('streamEvent', (event) => {
        if (event.type === 'message_start') startInput = event.message.usage.input_tokens;
      });
      const final = await stream.finalMessage();
      return { startInput, final };
    });
    const estimate = estimatePromptTokens(sentBodies.at(-1)!);
    expect(result.startInput).toBeGreaterThan(0);
    expect(result.startInput).toBe(estimate);
    // The final message has upstream's own count, the one billed.
    expect(result.final.usage.input_tokens).toBe(Number(log.prompt_tokens));
    expect(result.final.usage.input_tokens).not.toBe(estimate);
    expect(result.final.usage.output_tokens).toBe(Number(log.completion_tokens));
  });
});
