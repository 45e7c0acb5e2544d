import { randomBytes } from 'node:crypto';
import { insertReturningId } from '../../src/db/dialect-helpers.js';
import type { DatabaseHandle } from '../../src/db/open-database.js';

/**
 * Completes the setup of a fresh Tollgate process and signs root in: the headers of root's
 * session (JSON body, cookie, `New-Api-User`).
 */
export async function setUpAsRoot(url: string): Promise<Record<string, string>> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/setup', {
    username: 'root',
    password: 'rootpassword1',
    confirmPassword: 'rootpassword1',
  });
  const login = await post('/api/user/login', { username: 'root', password: 'rootpassword1' });
  const { data: root } = await login.json();
  return {
    'content-type': 'application/json',
    cookie: String(login.headers.get('set-cookie')).split(';')[0],
    'new-api-user': String(root.id),
  };
}

/**
 * Prepares a fresh Tollgate process for multi-process billing tests: the root account, one channel
 * on the mock upstream serving `models` (each mapped to the mock's model with its controls) and a
 * fixed per-call price for each. Throws on any refusal.
 */
export async function prepareRelayNode(
  url: string,
  mockUrl: string,
  models: Record<string, { upstream: string; price: number }>,
): Promise<void> {
  const session = await setUpAsRoot(url);
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: session,
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!json.success) throw new Error(`${path}: ${json.message}`);
  };
  const names = Object.keys(models);
  await call('POST', '/api/channel/', {
    mode: 'single',
    channel: {
      type: 1,
      name: 'mock',
      key: 'sk-upstream',
      base_url: mockUrl,
      models: names.join(','),
      group: 'default',
      model_mapping: JSON.stringify(
        Object.fromEntries(names.map((name) => [name, models[name].upstream])),
      ),
    },
  });
  await call('PUT', '/api/option/', {
    key: 'ModelPrice',
    value: JSON.stringify(Object.fromEntries(names.map((name) => [name, models[name].price]))),
  });
}

/** A user and a limited token of theirs, each with `quota`, written straight to the database. */
export interface Payer {
  name: string;
  userId: number;
  tokenId: number;
  apiKey: string;
  quota: number;
}

export async function insertPayer(
  handle: DatabaseHandle,
  name: string,
  quota: number,
): Promise<Payer> {
  const userId = await insertReturningId(handle, 'users', {
    username: name,
    password: 'x',
    quota,
    aff_code: name,
  } as never);
  const key = randomBytes(24).toString('hex');
  const tokenId = await insertReturningId(handle, 'tokens', {
    user_id: userId,
    key,
    name: `${name}-token`,
    status: 1,
    remain_quota: quota,
    unlimited_quota: false,
    expired_time: -1,
    created_time: Math.floor(Date.now() / 1000),
  } as never);
  return { name, userId, tokenId, apiKey: `sk-${key}`, quota };
}
