import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser } from '../support/oauth-harness.js';
import { appDatabaseKinds } from '../support/test-databases.js';
import { logsOfType } from './task-fixture.js';
import { createVideoFixture, type VideoFixture } from './video-fixture.js';

const CONSUME_LOG = 2;

describe.each(appDatabaseKinds())(
  "the console playground's video (POST /pg/videos) on %s",
  { timeout: 30_000 },
  (kind) => {
    let fixture: VideoFixture;

    beforeAll(async () => {
      fixture = await createVideoFixture(kind);
    }, 60_000);
    afterAll(async () => fixture?.close());

    /** A playground submission with the given headers over the session's defaults. */
    function submit(body: unknown, headers: Record<string, string | undefined> = {}) {
      const sent: Record<string, string> = {};
      const merged = {
        cookie: fixture.root.cookie,
        'new-api-user': String(fixture.root.userId),
        'content-type': 'application/json',
        ...headers,
      };
      for (const [name, value] of Object.entries(merged))
        if (value !== undefined) sent[name] = value;
      return fetch(`${fixture.url}/pg/videos`, {
        method: 'POST',
        headers: sent,
        body: JSON.stringify(body),
      });
    }

    it('submits with the session, charges the user alone, and the task log and player follow it', async () => {
      const before = await fixture.balances();
      const response = await submit({
        model: 'sora-2',
        prompt: 'a paper boat on a puddle',
        seconds: '8',
        size: '1280x720',
        group: 'default',
      });
      expect(response.status).toBe(200);
      const video = (await response.json()) as Record<string, unknown>;
      expect(video).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued' });
      const id = String(video.id);
      expect(id).toMatch(/^task_[A-Za-z0-9]{32}$/);

      // The playground's stand-in token: the user's balance pays, no token row does.
      const price = Math.trunc(0.1 * 8 * fixture.quotaPerUnit);
      expect(await fixture.balances()).toEqual({ user: before.user - price, token: before.token });
      const row = await fixture.taskRow(id);
      expect(row).toMatchObject({
        platform: 'sora',
        action: 'generate',
        token_id: 0,
        quota: price,
      });
      const consumed = (await logsOfType(fixture, CONSUME_LOG)).filter((log) =>
        String(log.content).includes(id),
      );
      expect(consumed.map((log) => [log.token_name, log.model_name, log.quota])).toEqual([
        ['playground-default', 'sora-2', price],
      ]);
      // The upstream got the model and the fields, never the local `group`.
      const sent = fixture.mock.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/videos',
      );
      expect(sent.at(-1)?.body).toEqual({
        model: 'sora-2',
        prompt: 'a paper boat on a puddle',
        seconds: '8',
        size: '1280x720',
      });

      // The console's task log is what the playground polls: status, progress and the request.
      const polled = async () =>
        (await fixture.harness.call(fixture.root, 'GET', `/api/task/self?p=0&task_id=${id}`)).json()
          .data[0];
      expect(await polled()).toMatchObject({
        task_id: id,
        platform: 'sora',
        action: 'generate',
        status: 'SUBMITTED',
        progress: '0%',
        properties: {
          input: 'a paper boat on a puddle',
          model: 'sora-2',
          seconds: 8,
          size: '1280x720',
        },
      });
      for (let round = 0; round < 3; round += 1) await fixture.poll();
      expect(await polled()).toMatchObject({ status: 'SUCCESS', progress: '100%' });
      const file = await fetch(`${fixture.url}/v1/videos/${id}/content`, {
        headers: { cookie: fixture.root.cookie, range: 'bytes=0-15' },
      });
      expect(file.status).toBe(206);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(4, 8)
          .toString(),
      ).toBe('ftyp');
    });

    it('refuses what /pg/chat/completions refuses, before the body is read', async () => {
      const sentBefore = fixture.mock.requests.length;
      const before = await fixture.balances();
      const body = { model: 'sora-2', prompt: 'refused' };

      const anonymous = await submit(body, { cookie: undefined });
      expect(anonymous.status).toBe(401);
      await anonymous.arrayBuffer();
      // A cross-site page cannot set the user header: the cookie alone is not enough.
      const headerless = await submit(body, { 'new-api-user': undefined });
      expect(headerless.status).toBe(401);
      expect(((await headerless.json()) as { error: { code: string } }).error.code).toBe(
        'user_header_mismatch',
      );
      const form = await submit(body, { 'content-type': 'text/plain' });
      expect(form.status).toBe(415);
      await form.arrayBuffer();
      // A token is the relay's `/v1/videos`, not the playground's.
      const token = await submit(body, {
        cookie: undefined,
        authorization: `Bearer ${fixture.limited.apiKey}`,
      });
      expect(token.status).toBe(400);
      expect(((await token.json()) as { error: { code: string } }).error.code).toBe(
        'access_token_not_supported',
      );
      // A group the user may not use, and a missing prompt.
      const group = await submit({ ...body, group: 'no-such-group' });
      expect(group.status).toBe(403);
      await group.arrayBuffer();
      const empty = await submit({ model: 'sora-2' });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { error: { message: string } }).error.message).toContain(
        'prompt is required',
      );
      // Only POST is served.
      const read = await fetch(`${fixture.url}/pg/videos`, {
        headers: { cookie: fixture.root.cookie, 'new-api-user': String(fixture.root.userId) },
      });
      expect(read.status).toBe(404);
      await read.arrayBuffer();

      expect(fixture.mock.requests.length).toBe(sentBefore);
      expect(await fixture.balances()).toEqual(before);
    });

    it("a user's playground video is theirs alone", async () => {
      await createPasswordUser(fixture.harness, fixture.root, 'pgviewer');
      const other = await fixture.harness.login('pgviewer', 'password123');
      const response = await submit({ model: 'sora-2', prompt: 'mine alone' });
      const id = String(((await response.json()) as { id: unknown }).id);
      const theirs = await fixture.harness.call(other, 'GET', `/api/task/self?p=0&task_id=${id}`);
      expect(theirs.json().data).toEqual([]);
      const peek = await fetch(`${fixture.url}/v1/videos/${id}/content`, {
        headers: { cookie: other.cookie },
      });
      expect(peek.status).toBe(404);
      await peek.arrayBuffer();
    });
  },
);
