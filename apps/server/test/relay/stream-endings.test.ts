import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** Reads an SSE response until `stopAfterChunks` content chunks (then aborts) or the end. */
async function readStream(fixture: RelayFixture, model: string, stopAfterChunks?: number) {
  const controller = new AbortController();
  const response = await fetch(`${fixture.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model,
      stream: true,
      messages: [{ role: 'user', content: 'tell me a story' }],
    }),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const decoder = new TextDecoder();
  let text = '';
  let contentChunks = 0;
  let done = false;
  try {
    for await (const part of response.body!) {
      text += decoder.decode(part, { stream: true });
      contentChunks = (text.match(/"content":"[^"]+/g) ?? []).length;
      if (stopAfterChunks !== undefined && contentChunks >= stopAfterChunks) {
        controller.abort();
        break;
      }
    }
    done = text.includes('data: [DONE]');
  } catch {
    // aborted by us
  }
  return { text, contentChunks, done };
}

describe.each(appDatabaseKinds())(
  'however a stream ends, it is charged once for what was produced, on %s',
  (kind) => {
    let fixture: RelayFixture;
    beforeAll(async () => {
      fixture = await createRelayFixture(kind);
    });
    afterAll(async () => {
      await fixture?.close();
    });

    async function chargeOf(run: () => Promise<unknown>) {
      const logsBefore = (await fixture.consumeLogs()).length;
      const quotaBefore = await fixture.userQuota();
      await run();
      const logs = await fixture.consumeLogs();
      const quotaAfter = await fixture.userQuota();
      expect(logs.length - logsBefore).toBe(1);
      const log = logs[logs.length - 1];
      expect(quotaBefore - quotaAfter).toBe(Number(log.quota));
      return log;
    }

    it('client abort after 2 chunks: billed for the chunks sent, upstream cancelled', async () => {
      await fixture.controlledModel('slow-story', 'chunks=20,delay=30');
      const log = await chargeOf(async () => {
        const result = await readStream(fixture, 'slow-story', 2);
        expect(result.done).toBe(false);
      });
      // 2 words per chunk; a few more may have been in flight when the client left, never all 20.
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
      expect(Number(log.completion_tokens)).toBeLessThan(40);
      expect(Number(log.quota)).toBeGreaterThan(0);
    });

    it('upstream resets the connection mid-stream: billed for what arrived', async () => {
      await fixture.controlledModel('reset-story', 'chunks=10,close-after-chunks=3');
      const log = await chargeOf(async () => {
        const result = await readStream(fixture, 'reset-story');
        expect(result.done).toBe(false);
        expect(result.contentChunks).toBe(3);
      });
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
      expect(Number(log.completion_tokens)).toBeLessThan(20);
    });

    it('upstream omits usage: counted locally', async () => {
      await fixture.controlledModel('quiet-story', 'chunks=4,omit-usage');
      const log = await chargeOf(async () => {
        const result = await readStream(fixture, 'quiet-story');
        expect(result.done).toBe(true);
      });
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
      expect(Number(log.prompt_tokens)).toBeGreaterThan(0);
    });

    it('upstream sends an error event mid-stream: the client sees it, billed for what came before', async () => {
      await fixture.controlledModel('broken-story', 'chunks=6,error-midstream=2');
      const log = await chargeOf(async () => {
        const result = await readStream(fixture, 'broken-story');
        expect(result.text).toContain('"error"');
        expect(result.done).toBe(false);
      });
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    });

    it('upstream fails before any byte: nothing charged, nothing logged as consumption', async () => {
      await fixture.controlledModel('dead-story', 'status=502');
      const logsBefore = (await fixture.consumeLogs()).length;
      const quotaBefore = await fixture.userQuota();
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'dead-story',
          stream: true,
          messages: [{ role: 'user', content: 'x' }],
        }),
      });
      expect(response.status).toBe(502);
      expect((await fixture.consumeLogs()).length).toBe(logsBefore);
      expect(await fixture.userQuota()).toBe(quotaBefore);
    });
  },
);
