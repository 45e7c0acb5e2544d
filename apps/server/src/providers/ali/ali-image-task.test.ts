import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import type { UpstreamRequest } from '../provider-adaptor.js';
import type { FollowUpResponse } from '../upstream-exchange.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { finishAliImageTask, type AliImageTaskCall } from './ali-image-task.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const json = (body: Buffer | string): FollowUpResponse => ({
  status: 200,
  contentType: 'application/json',
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

/** Resolves nothing: a test that reaches DNS fails rather than asking the network. */
const noNetwork = new OutboundGuard({
  resolve: async (hostname) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  },
});

/** A succeeded task whose one result is at `url`. */
const succeededAt = (url: string): FollowUpResponse =>
  json(JSON.stringify({ output: { task_id: 't', task_status: 'SUCCEEDED', results: [{ url }] } }));

/**
 * A task call whose fetch answers from `answers` in turn and whose clock only sleeps move; the
 * channel is at `https://ds.test` unless `base` says otherwise.
 */
function taskCall(
  answers: FollowUpResponse[],
  body: Record<string, unknown> = {},
  channel: { base?: string; outbound?: OutboundGuard } = {},
) {
  const sent: UpstreamRequest[] = [];
  const sleeps: number[] = [];
  let clock = 0;
  const call: AliImageTaskCall = {
    input: makeCallInput({
      mode: 'images',
      upstreamModel: 'wanx-v1',
      body: { model: 'wanx-v1', prompt: 'a cat', ...body },
      channel: makeChannel({ type: 17 }),
    }),
    base: channel.base ?? 'https://ds.test',
    headers: { Authorization: 'Bearer sk-ds' },
    fetch: async (request) => {
      sent.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected request');
      return answer;
    },
    outbound: channel.outbound ?? noNetwork,
    polling: { firstDelayMs: 100, maxDelayMs: 300, timeoutMs: 1000 },
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => 1_715_000_000_000 + clock,
  };
  return { call, sent, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('DashScope image tasks', () => {
  it('polls with growing waits until SUCCEEDED and answers the URLs', async () => {
    const running = json(fixture('dashscope-task-running.json'));
    const { call, sent, sleeps } = taskCall([
      running,
      running,
      running,
      json(fixture('dashscope-task-succeeded.json')),
    ]);
    const answer = JSON.parse(
      (await finishAliImageTask(call, fixture('dashscope-task-submit.json'))).toString(),
    );
    expect(answer).toEqual({
      created: 1_715_000_000,
      data: [
        {
          url: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png',
          revised_prompt: '一只坐着的橘黄色的猫，表情愉悦，活泼可爱',
        },
      ],
    });
    expect(sleeps).toEqual([100, 200, 300, 300]);
    expect(sent.map((request) => [request.method, request.url, request.headers])).toEqual(
      Array(4).fill([
        'GET',
        'https://ds.test/api/v1/tasks/0385dc79-5ff8-4d82-bcb6-caa2ef96c9d1',
        { Authorization: 'Bearer sk-ds' },
      ]),
    );
  });

  it("downloads b64_json images on the channel's own host like the polls", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const { call, sent } = taskCall(
      [
        json(fixture('dashscope-task-succeeded.json')),
        { status: 200, contentType: 'image/png', body: png },
      ],
      { response_format: 'b64_json' },
      { base: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com' },
    );
    const answer = JSON.parse(
      (await finishAliImageTask(call, fixture('dashscope-task-submit.json'))).toString(),
    ) as { data: { b64_json: string }[] };
    expect(answer.data[0]!.b64_json).toBe(png.toString('base64'));
    expect(sent[1]).toMatchObject({
      method: 'GET',
      url: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png',
      headers: {},
    });
  });

  it('downloads b64_json images on another host through the outbound guard', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const seen: string[] = [];
    const images = createServer((request, response) => {
      seen.push(`${request.headers.host} ${request.url}`);
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    const port = (images.address() as AddressInfo).port;
    const outbound = new OutboundGuard({
      allowedHosts: ['images.test'],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      const { call, sent } = taskCall(
        [succeededAt(`http://images.test:${port}/1.png`)],
        { response_format: 'b64_json' },
        { outbound },
      );
      const answer = JSON.parse(
        (await finishAliImageTask(call, fixture('dashscope-task-submit.json'))).toString(),
      ) as { data: { b64_json: string }[] };
      expect(answer.data[0]!.b64_json).toBe(png.toString('base64'));
      expect(seen).toEqual([`images.test:${port} /1.png`]);
      expect(sent).toHaveLength(1);
    } finally {
      await outbound.close();
      await new Promise((resolve) => images.close(resolve));
    }
  });

  it('refuses to download a result the upstream placed at an internal address', async () => {
    const outbound = new OutboundGuard({
      resolve: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    for (const [url, reason] of [
      ['http://169.254.169.254/latest/meta-data/1.png', '169.254.169.254 is a link-local address'],
      ['http://[::ffff:127.0.0.1]:8080/1.png', 'an IPv4-mapped form of 127.0.0.1'],
      ['http://results.internal/1.png', 'results.internal resolves to 10.0.0.7, a private address'],
    ] as const) {
      const { call, sent } = taskCall(
        [succeededAt(url)],
        { response_format: 'b64_json' },
        {
          outbound,
        },
      );
      const error = await failure(finishAliImageTask(call, fixture('dashscope-task-submit.json')));
      expect(error).toMatchObject({ status: 502, code: 'image_download_failed' });
      expect((error as Error).message).toContain(reason);
      expect(sent).toHaveLength(1);
    }
    await outbound.close();
  });

  it('fails with the task code of a FAILED task', async () => {
    const { call } = taskCall([json(fixture('dashscope-task-failed.json'))]);
    const error = await failure(finishAliImageTask(call, fixture('dashscope-task-submit.json')));
    expect(error).toMatchObject({
      status: 500,
      code: 'InvalidParameter',
      message: 'The size is not match the allowed size',
      local: false,
    });
  });

  it('fails an UNKNOWN task (expired or never submitted)', async () => {
    const unknown = '{"output":{"task_id":"x","task_status":"UNKNOWN"},"request_id":"r"}';
    const { call } = taskCall([json(unknown)]);
    const error = await failure(finishAliImageTask(call, fixture('dashscope-task-submit.json')));
    expect(error).toMatchObject({ status: 500, message: 'image task UNKNOWN' });
  });

  it('gives up after the time limit with a 504', async () => {
    const running = json(fixture('dashscope-task-running.json'));
    const { call, sleeps } = taskCall(Array(10).fill(running));
    const error = await failure(finishAliImageTask(call, fixture('dashscope-task-submit.json')));
    expect(error).toMatchObject({ status: 504, code: 'task_timeout' });
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(1000);
  });

  it('passes on an error answer to a poll, and a submission that is an error', async () => {
    const { call } = taskCall([
      {
        status: 429,
        contentType: 'application/json',
        body: Buffer.from('{"code":"Throttling","message":"slow down"}'),
      },
    ]);
    const polled = await failure(finishAliImageTask(call, fixture('dashscope-task-submit.json')));
    expect(polled).toMatchObject({ status: 429, code: 'Throttling' });
    const submitted = await failure(
      finishAliImageTask(
        taskCall([]).call,
        Buffer.from('{"code":"InvalidApiKey","message":"bad key"}'),
      ),
    );
    expect(submitted).toMatchObject({ status: 401, code: 'InvalidApiKey' });
  });
});
