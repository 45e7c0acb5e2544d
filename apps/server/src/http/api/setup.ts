import { normalizeUsername, usernameCharacterProblem } from '../../users/username-rules.js';
import { ROLE, setupRequestSchema, type SetupRequest } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../accounts/passwords.js';
import { insertRootUser } from '../../users/root-account.js';
import { recordSetup } from '../../setup/setup-state.js';
import type { AppContext } from '../app-context.js';
import { AppError } from '../../errors/app-error.js';
import { ok } from '../envelope.js';

/** `GET/POST /api/setup`: the first-run wizard (reference §8.9). No auth: only usable once. */
export async function registerSetupRoutes(api: FastifyInstance, context: AppContext) {
  const { db, dialect } = context.database;

  async function rootExists(): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', ROLE.root)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  api.get('/setup', async () => {
    if (context.setup.done) {
      return ok({ status: true, root_init: false, database_type: '' });
    }
    return ok({ status: false, root_init: await rootExists(), database_type: dialect });
  });

  // One wizard submission at a time, so a double click cannot create two root accounts.
  let inFlight: Promise<unknown> = Promise.resolve();
  api.post('/setup', async (request) => {
    const previous = inFlight;
    let release!: () => void;
    inFlight = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await completeSetup(request.body);
    } finally {
      release();
    }
  });

  async function completeSetup(input: unknown) {
    if (context.setup.done) throw new AppError('setup_done', '系统已经初始化完成');
    const parsed = setupRequestSchema.safeParse(input ?? {});
    if (!parsed.success) throw new AppError('invalid_request', '请求参数有误');
    const body = parsed.data;

    const username = (await rootExists()) ? undefined : checkedRootUsername(body);
    // Saved before the account is created, so a refused address leaves nothing half done.
    const serverAddress = body.ServerAddress?.trim() ?? '';
    if (serverAddress !== '') await context.options.update('ServerAddress', serverAddress);
    if (username !== undefined) {
      await insertRootUser(context.database, username, await hashPassword(body.password));
    }
    await context.options.update('SelfUseModeEnabled', body.SelfUseModeEnabled ? 'true' : 'false');
    await context.options.update('DemoSiteEnabled', body.DemoSiteEnabled ? 'true' : 'false');
    await recordSetup(db, context.version);
    context.setup.done = true;
    context.events.emit('setup-completed');
    await context.syncOptions();
    return ok(undefined, '系统初始化成功');
  }
}

/** The root account's username, normalised, or the wizard's reason to refuse the account. */
function checkedRootUsername(body: SetupRequest): string {
  const username = normalizeUsername(body.username);
  if (username === '') throw new AppError('invalid_request', '用户名不能为空');
  const problem = usernameCharacterProblem(username);
  if (problem) throw new AppError('invalid_request', problem);
  if ([...username].length > 12)
    throw new AppError('invalid_request', '用户名长度不能超过12个字符');
  if (body.password !== body.confirmPassword) {
    throw new AppError('invalid_request', '两次输入的密码不一致');
  }
  if ([...body.password].length < 8) throw new AppError('invalid_request', '密码长度至少为8个字符');
  if ([...body.password].length > 20)
    throw new AppError('invalid_request', '密码长度不能超过20个字符');
  return username;
}
