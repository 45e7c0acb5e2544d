/** Steps the third-party sign-in tests share: options, accounts, and reading users back. */
import type { UserRow } from '../../src/db/schema.js';
import type { Session, TestApp } from './test-app.js';

/** Saves options through `PUT /api/option/` as root; throws on a refusal. */
export async function setOptions(
  harness: TestApp,
  root: Session,
  values: Record<string, string | number | boolean>,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const response = await harness.call(root, 'PUT', '/api/option/', {
      key,
      value: String(value),
    });
    const body = response.json() as { success: boolean; message: string };
    if (!body.success) throw new Error(`option ${key}: ${body.message}`);
  }
}

/** Creates a common user with a password (as root); returns its id. */
export async function createPasswordUser(
  harness: TestApp,
  root: Session,
  username: string,
  password = 'password123',
): Promise<number> {
  const response = await harness.call(root, 'POST', '/api/user/', {
    username,
    password,
    display_name: username,
  });
  const body = response.json() as { success: boolean; message: string };
  if (!body.success) throw new Error(`create ${username}: ${body.message}`);
  const row = await harness.runtime.context.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `POST /api/user/manage` as root (disable, enable, delete, ...). */
export async function manageUser(
  harness: TestApp,
  root: Session,
  id: number,
  action: string,
): Promise<void> {
  const response = await harness.call(root, 'POST', '/api/user/manage', { id, action });
  const body = response.json() as { success: boolean; message: string };
  if (!body.success) throw new Error(`${action} ${id}: ${body.message}`);
}

/** Every users row (deregistered ones included) whose identity column holds `identityId`. */
export async function usersWithIdentity(
  harness: TestApp,
  column: 'github_id' | 'oidc_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id' | 'discord_id',
  identityId: string,
): Promise<UserRow[]> {
  return harness.runtime.context.database.db
    .selectFrom('users')
    .selectAll()
    .where(column, '=', identityId)
    .execute();
}

export async function userById(harness: TestApp, id: number): Promise<UserRow> {
  return harness.runtime.context.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function userCount(harness: TestApp): Promise<number> {
  const row = await harness.runtime.context.database.db
    .selectFrom('users')
    .select((select) => select.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
