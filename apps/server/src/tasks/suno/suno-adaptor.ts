import { z } from 'zod';
import {
  TaskError,
  type TaskPlatformAdaptor,
  type TaskReport,
  type TaskSubmission,
} from '../task-platform.js';
import { parseJson } from '../task-upstream.js';

const submitSchema = z
  .object({
    gpt_description_prompt: z.string().optional(),
    prompt: z.string().optional(),
    mv: z.string().optional(),
    title: z.string().optional(),
    tags: z.string().optional(),
    continue_at: z.number().optional(),
    task_id: z.string().optional(),
    continue_clip_id: z.string().optional(),
    make_instrumental: z.boolean().optional(),
  })
  .passthrough();

const submitAnswerSchema = z
  .object({
    code: z.union([z.string(), z.number()]),
    data: z.unknown(),
    message: z.string().optional(),
  })
  .passthrough();

const itemSchema = z
  .object({
    task_id: z.string(),
    action: z.string().nullish(),
    status: z.string().nullish(),
    fail_reason: z.string().nullish(),
    submit_time: z.number().nullish(),
    start_time: z.number().nullish(),
    finish_time: z.number().nullish(),
    progress: z.string().nullish(),
    data: z.unknown().optional(),
  })
  .passthrough();

const fetchAnswerSchema = z.object({ code: z.string(), data: z.array(itemSchema) }).passthrough();

const ACTIONS = new Set(['MUSIC', 'LYRICS']);

/** Suno-API (reference §10.4): `music` and `lyrics` submissions, fetched in batches. */
export const sunoAdaptor: TaskPlatformAdaptor = {
  platform: 'suno',
  channelTypes: [36],

  readSubmission(routeAction, body): TaskSubmission {
    const action = routeAction.toUpperCase();
    if (!ACTIONS.has(action)) throw new TaskError(400, 'invalid_action', 'invalid_action');
    const parsed = submitSchema.safeParse(body);
    if (!parsed.success) throw new TaskError(400, 'invalid_request', 'invalid_request');
    const request = { ...parsed.data };
    if (action === 'MUSIC' && !request.mv) request.mv = 'chirp-v3-0';
    if (action === 'LYRICS' && !request.prompt) {
      throw new TaskError(400, 'invalid_request', 'prompt_empty');
    }
    if (request.continue_clip_id && !request.task_id) {
      throw new TaskError(400, 'invalid_request', 'task id is empty');
    }
    return {
      action,
      model: `suno_${action.toLowerCase()}`,
      body: JSON.stringify(request),
      continues: request.continue_clip_id ? request.task_id : undefined,
      input: request.gpt_description_prompt || request.prompt || '',
    };
  },

  submitRequest(submission, key) {
    return {
      method: 'POST',
      path: `/suno/submit/${submission.action}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: submission.body,
    };
  },

  readSubmitAnswer(status, text) {
    if (status !== 200) throw new TaskError(status, 'fail_to_fetch_task', text);
    const parsed = submitAnswerSchema.safeParse(parseJson(text));
    if (!parsed.success) throw new TaskError(500, 'unmarshal_response_body_failed', text);
    const { code, data, message } = parsed.data;
    if (code !== 'success' || typeof data !== 'string' || data === '') {
      throw new TaskError(500, String(code), message ?? text);
    }
    return data;
  },

  fetchRequest(taskIds, key) {
    return {
      method: 'POST',
      path: '/suno/fetch',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ ids: taskIds }),
    };
  },

  readFetchAnswer(status, text): TaskReport[] {
    const parsed = fetchAnswerSchema.safeParse(parseJson(text));
    if (status !== 200 || !parsed.success || parsed.data.code !== 'success') {
      throw new Error(`suno fetch answered ${status}: ${text.slice(0, 200)}`);
    }
    return parsed.data.data.map((item) => ({
      taskId: item.task_id,
      status: item.status ?? undefined,
      failReason: item.fail_reason ?? undefined,
      submitTime: item.submit_time ?? undefined,
      startTime: item.start_time ?? undefined,
      finishTime: item.finish_time ?? undefined,
      progress: item.progress ?? undefined,
      data: item.data,
    }));
  },
};
