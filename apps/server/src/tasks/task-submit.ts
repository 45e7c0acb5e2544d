import { CHANNEL_STATUS } from '@tollgate/contracts';
import { RelayError } from '../errors/relay-error.js';
import type { AuthenticatedCall } from '../relay/auth/authenticate-relay.js';
import type { CachedChannel } from '../relay/channel-cache.js';
import { jsonTexts } from '../relay/formats/request-texts.js';
import type { RelayExchange } from '../relay/relay-exchange.js';
import type { RelayServices } from '../relay/relay-services.js';
import { admitTask, planTask, settleTask } from './task-billing.js';
import { TaskError, type TaskPlatformAdaptor } from './task-platform.js';
import { callTaskUpstream, parseJson } from './task-upstream.js';

const SUBMIT_TIMEOUT_MS = 60_000;

/** The channel of the caller's earlier task that a continuation extends, when still enabled. */
async function continuedChannel(
  services: RelayServices,
  adaptor: TaskPlatformAdaptor,
  call: AuthenticatedCall,
  taskId: string,
): Promise<CachedChannel | undefined> {
  const row = await services.db
    .selectFrom('tasks')
    .select('channel_id')
    .where('task_id', '=', taskId)
    .where('platform', '=', adaptor.platform)
    .where('user_id', '=', call.caller.user.id)
    .executeTakeFirst();
  if (!row) throw new TaskError(400, 'task_not_exist', 'task_not_exist');
  const channel = services.channels.getById(Number(row.channel_id));
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    throw new TaskError(400, 'channel_disabled', '该任务所属渠道已被禁用');
  }
  return channel;
}

/**
 * A task submission (reference §10.4): read by its platform, priced per call, its price set aside,
 * forwarded to one channel (a continuation to its original task's channel), charged once with its
 * consume log row when upstream took it, and recorded as a task row; the upstream answer goes
 * back to the client.
 */
export async function submitPlatformTask(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  adaptor: TaskPlatformAdaptor,
  routeAction: string,
): Promise<void> {
  const body = parseJson(exchange.body.toString('utf8'));
  const submission = adaptor.readSubmission(routeAction, body);
  // Every text of the client's body goes upstream (prompt, lyrics, title, tags): all are read.
  if (services.sensitiveWords.holdsWord(jsonTexts(body))) {
    throw new TaskError(400, 'sensitive_words_detected', 'sensitive words detected');
  }
  const channel = submission.continues
    ? await continuedChannel(services, adaptor, call, submission.continues)
    : undefined;
  const plan = planTask(services, call, submission.model, { channel });
  const admission = await admitTask(services, plan).catch((error: unknown) => {
    if (error instanceof RelayError && error.status === 403) {
      throw new TaskError(403, 'quota_not_enough', 'quota_not_enough');
    }
    throw error;
  });
  let taskId: string;
  let answerText: string;
  try {
    const answer = await callTaskUpstream(
      services,
      plan.channel,
      adaptor.submitRequest(submission, plan.channel.key),
      SUBMIT_TIMEOUT_MS,
    );
    answerText = answer.text;
    taskId = adaptor.readSubmitAnswer(answer.status, answer.text);
  } catch (error) {
    await settleTask(services, plan, admission, {
      accepted: false,
      action: submission.action,
      taskId: '',
      startedAt: exchange.startedAt,
    });
    if (error instanceof TaskError) throw error;
    throw new TaskError(500, 'do_request_failed', (error as Error).message);
  }
  const charged = await settleTask(services, plan, admission, {
    accepted: true,
    action: submission.action,
    taskId,
    startedAt: exchange.startedAt,
  });
  const now = Math.floor(Date.now() / 1000);
  await services.db
    .insertInto('tasks')
    .values({
      created_at: now,
      updated_at: now,
      task_id: taskId,
      platform: adaptor.platform,
      user_id: call.caller.user.id,
      token_id: call.caller.token.id,
      channel_id: plan.channel.id,
      quota: charged,
      action: submission.action,
      status: 'NOT_START',
      fail_reason: '',
      submit_time: now,
      start_time: 0,
      finish_time: 0,
      progress: '0%',
      properties: JSON.stringify({ input: submission.input }),
      data: null,
    })
    .execute();
  exchange.send(200, 'application/json; charset=utf-8', answerText);
}
