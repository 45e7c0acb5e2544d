import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

/** A task call whose fetch answers from `answers` in turn and whose clock only sleeps move. */
function taskCall(answers: FollowUpResponse[], body: Record<string, unknown> = {}) {
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
    base: 'https://ds.test',
    headers: { Authorization: 'Bearer sk-ds' },
    fetch: async (request) => {
      sent.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected request');
      return answer;
    },
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

  it('downloads the images for response_format b64_json', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const { call, sent } = taskCall(
      [
        json(fixture('dashscope-task-succeeded.json')),
        { status: 200, contentType: 'image/png', body: png },
      ],
      { response_format: 'b64_json' },
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
