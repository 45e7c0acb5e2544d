import { z } from 'zod';
import type { TaskRow } from '../db/schema.js';
import type { AuthenticatedCall } from '../relay/auth/authenticate-relay.js';
import type { RelayExchange } from '../relay/relay-exchange.js';
import type { RelayServices } from '../relay/relay-services.js';
import { TaskError, type TaskPlatformAdaptor } from './task-platform.js';
import { taskProgressFields } from './task-row-fields.js';
import { parseJson } from './task-upstream.js';

/** A task as platform clients read it (reference §10.4 TaskDto). */
export function toTaskDto(row: TaskRow) {
  return {
    task_id: row.task_id ?? '',
    ...taskProgressFields(row),
    data: (row.data && parseJson(row.data)) ?? null,
  };
}

const fetchSchema = z
  .object({ ids: z.array(z.string()).max(1000), action: z.string().optional() })
  .passthrough();

/** `POST /<platform>/fetch {ids, action}`: the caller's tasks among `ids`. */
export async function fetchPlatformTasks(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  adaptor: TaskPlatformAdaptor,
): Promise<void> {
  const parsed = fetchSchema.safeParse(parseJson(exchange.body.toString('utf8')));
  if (!parsed.success) throw new TaskError(400, 'invalid_request', 'invalid_request');
  let query = services.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', adaptor.platform)
    .where('user_id', '=', call.caller.user.id);
  if (parsed.data.action) query = query.where('action', '=', parsed.data.action.toUpperCase());
  const rows =
    parsed.data.ids.length === 0
      ? []
      : await query.where('task_id', 'in', parsed.data.ids).execute();
  exchange.sendJson(200, { code: 'success', data: rows.map(toTaskDto) });
}

/** `GET /<platform>/fetch/:id`: one of the caller's tasks. */
export async function fetchPlatformTask(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  adaptor: TaskPlatformAdaptor,
  taskId: string,
): Promise<void> {
  const row = await services.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', adaptor.platform)
    .where('user_id', '=', call.caller.user.id)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  if (!row) throw new TaskError(400, 'task_not_exist', 'task_not_exist');
  exchange.sendJson(200, { code: 'success', data: toTaskDto(row) });
}
