import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

describe.each(testDatabaseKinds())('accounts and user administration on %s', (kind) => {
  let harness: TestApp;
  let root: Session;

  async function createUser(
    session: Session,
    username: string,
    password = 'password123',
    role?: number,
  ) {
    const response = await harness.call(session, 'POST', '/api/user/', {
      username,
      password,
      display_name: username,
      ...(role === undefined ? {} : { role }),
    });
    return response.json();
  }

  async function findId(username: string): Promise<number> {
    const response = await harness.call(
      root,
      'GET',
      `/api/user/search?keyword=${username}&p=1&page_size=100`,
    );
    const user = response
      .json()
      .data.items.find((item: { username: string }) => item.username === username);
    return user.id;
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('registers users with the password rules and keeps the invite code', async () => {
    const inviter = await harness.call(root, 'GET', '/api/user/aff');
    const affCode = inviter.json().data as string;
    expect(affCode).toMatch(/^[A-Za-z0-9]{4}$/);

    const tooShort = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'alice',
      password: 'short',
    });
    expect(tooShort.json().success).toBe(false);
    expect(tooShort.json().message).toMatch(/^输入不合法/);
    const tooLongName = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'abcdefghijklm',
      password: 'password123',
    });
    expect(tooLongName.json().message).toMatch(/^输入不合法/);

    const response = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'alice',
      password: 'password123',
      password2: 'password123',
      aff_code: affCode,
    });
    expect(response.json()).toEqual({ success: true, message: '' });
    const duplicate = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'alice',
      password: 'password123',
    });
    expect(duplicate.json()).toMatchObject({ success: false, message: '用户名已存在，或已注销' });

    const alice = await harness.login('alice', 'password123');
    const self = (await harness.call(alice, 'GET', '/api/user/self')).json().data;
    expect(self).toMatchObject({
      username: 'alice',
      role: 1,
      status: 1,
      group: 'default',
      inviter_id: root.userId,
    });
    const rootSelf = (await harness.call(root, 'GET', '/api/user/self')).json().data;
    expect(rootSelf.aff_count).toBe(1);
  });

  it('honours RegisterEnabled and PasswordLoginEnabled', async () => {
    await harness.call(root, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: 'false' });
    const closed = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'bob',
      password: 'password123',
    });
    expect(closed.json()).toMatchObject({ success: false, message: '管理员关闭了新用户注册' });
    await harness.call(root, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: true });

    await harness.call(root, 'PUT', '/api/option/', {
      key: 'PasswordLoginEnabled',
      value: 'false',
    });
    const noLogin = await harness.call(undefined, 'POST', '/api/user/login', {
      username: 'alice',
      password: 'password123',
    });
    expect(noLogin.json()).toMatchObject({ success: false, message: '管理员关闭了密码登录' });
    await harness.call(root, 'PUT', '/api/option/', { key: 'PasswordLoginEnabled', value: 'true' });
  });

  it('keeps normal users out of admin routes and admins out of root routes', async () => {
    const alice = await harness.login('alice', 'password123');
    const list = await harness.call(alice, 'GET', '/api/user/?p=1&page_size=10');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ success: false, message: '无权进行此操作，权限不足' });

    expect((await createUser(root, 'admin1', 'password123', 10)).success).toBe(true);
    const admin = await harness.login('admin1', 'password123');
    expect((await harness.call(admin, 'GET', '/api/user/?p=1')).json().success).toBe(true);
    expect((await harness.call(admin, 'GET', '/api/option/')).json()).toEqual({
      success: false,
      message: '无权进行此操作，权限不足',
    });
  });

  it('lists users 1-based with search by keyword and group', async () => {
    for (const name of ['carol', 'dave', 'erin'])
      expect((await createUser(root, name)).success).toBe(true);
    const first = (await harness.call(root, 'GET', '/api/user/?p=1&page_size=2')).json().data;
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(2);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    expect(first.items[0].password).toBeUndefined();
    const second = (await harness.call(root, 'GET', '/api/user/?p=2&page_size=2')).json().data;
    expect(second.items[0].id).toBeLessThan(first.items[1].id);

    const search = (
      await harness.call(root, 'GET', '/api/user/search?keyword=car&p=1&page_size=10')
    ).json().data;
    expect(search.items.map((user: { username: string }) => user.username)).toEqual(['carol']);
    const byGroup = (
      await harness.call(root, 'GET', '/api/user/search?keyword=&group=vip&p=1')
    ).json().data;
    expect(byGroup.total).toBe(0);
    const wildcard = (await harness.call(root, 'GET', '/api/user/search?keyword=%25&p=1')).json()
      .data;
    expect(wildcard.total).toBe(0);
  });

  it('creates users only below the caller role and validates the input', async () => {
    const admin = await harness.login('admin1', 'password123');
    expect(await createUser(admin, 'admin2', 'password123', 10)).toMatchObject({ success: false });
    expect(
      (await harness.call(root, 'POST', '/api/user/', { username: '', password: '' })).json(),
    ).toMatchObject({
      success: false,
      message: '用户名和密码不能为空',
    });
    expect(await createUser(root, 'frank', 'short')).toMatchObject({ success: false });
    expect(await createUser(root, 'carol')).toMatchObject({
      success: false,
      message: '用户名已存在，或已注销',
    });
  });

  it('edits quota and group, logging the quota change', async () => {
    const id = await findId('carol');
    const update = await harness.call(root, 'PUT', '/api/user/', {
      id,
      username: 'carol',
      display_name: 'Carol C',
      group: 'vip',
      quota: 1_234_567,
      password: '',
    });
    expect(update.json().success).toBe(true);
    const carol = (await harness.call(root, 'GET', `/api/user/${id}`)).json().data;
    expect(carol).toMatchObject({ display_name: 'Carol C', group: 'vip', quota: 1_234_567 });
    const logs = await harness.runtime.context.database.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', id)
      .where('type', '=', 3)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0].content).toContain('管理员将用户额度从');

    const badPassword = await harness.call(root, 'PUT', '/api/user/', { id, password: 'short' });
    expect(badPassword.json().success).toBe(false);
    const negative = await harness.call(root, 'PUT', '/api/user/', { id, quota: -5 });
    expect(businessFailure(negative)).toEqual(REFUSED);
  });

  it('applies the role rules of manage: promote, demote, disable, enable, delete', async () => {
    const admin = await harness.login('admin1', 'password123');
    const daveId = await findId('dave');
    const adminId = await findId('admin1');

    const promoteByAdmin = await harness.call(admin, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'promote',
    });
    expect(promoteByAdmin.json().success).toBe(false);
    const demoteRoot = await harness.call(admin, 'POST', '/api/user/manage', {
      id: root.userId,
      action: 'demote',
    });
    expect(demoteRoot.json()).toMatchObject({
      success: false,
      message: '无权更新同权限等级或更高权限等级的用户信息',
    });
    const sameLevel = await harness.call(admin, 'POST', '/api/user/manage', {
      id: adminId,
      action: 'disable',
    });
    expect(sameLevel.json().success).toBe(false);

    const promote = await harness.call(root, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'promote',
    });
    expect(promote.json()).toMatchObject({ success: true, data: { role: 10, status: 1 } });
    const demote = await harness.call(root, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'demote',
    });
    expect(demote.json().data).toEqual({ role: 1, status: 1 });

    const disable = await harness.call(admin, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'disable',
    });
    expect(disable.json().data).toEqual({ role: 1, status: 2 });
    const bannedLogin = await harness.call(undefined, 'POST', '/api/user/login', {
      username: 'dave',
      password: 'password123',
    });
    expect(bannedLogin.json().success).toBe(false);
    const enable = await harness.call(admin, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'enable',
    });
    expect(enable.json().data).toEqual({ role: 1, status: 1 });

    const bad = await harness.call(root, 'POST', '/api/user/manage', {
      id: daveId,
      action: 'explode',
    });
    expect(businessFailure(bad)).toEqual(REFUSED);
  });

  it('bans take effect on an existing session immediately', async () => {
    const erin = await harness.login('erin', 'password123');
    expect((await harness.call(erin, 'GET', '/api/user/self')).json().success).toBe(true);
    await harness.call(root, 'POST', '/api/user/manage', { id: erin.userId, action: 'disable' });
    expect((await harness.call(erin, 'GET', '/api/user/self')).json()).toEqual({
      success: false,
      message: '用户已被封禁',
    });
    await harness.call(root, 'POST', '/api/user/manage', { id: erin.userId, action: 'enable' });
  });

  it('soft-deletes: the user shows as deregistered and the name stays taken', async () => {
    const erinId = await findId('erin');
    const response = await harness.call(root, 'POST', '/api/user/manage', {
      id: erinId,
      action: 'delete',
    });
    expect(response.json().success).toBe(true);
    const listed = (await harness.call(root, 'GET', '/api/user/search?keyword=erin&p=1')).json()
      .data.items[0];
    expect(listed.DeletedAt).not.toBeNull();
    expect(await createUser(root, 'erin')).toMatchObject({
      success: false,
      message: '用户名已存在，或已注销',
    });
    const login = await harness.call(undefined, 'POST', '/api/user/login', {
      username: 'erin',
      password: 'password123',
    });
    expect(login.json().success).toBe(false);
  });

  it('lets a user edit and delete their own account, but not root', async () => {
    expect((await createUser(root, 'gina')).success).toBe(true);
    const gina = await harness.login('gina', 'password123');
    const rename = await harness.call(gina, 'PUT', '/api/user/self', {
      display_name: 'Gina G',
      password: 'newpassword1',
      original_password: 'password123',
    });
    expect(rename.json().success).toBe(true);
    const renewed = await harness.login('gina', 'newpassword1');
    const remove = await harness.call(renewed, 'DELETE', '/api/user/self');
    expect(remove.json().success).toBe(true);
    expect((await harness.call(renewed, 'GET', '/api/user/self')).statusCode).toBe(401);
    const rootRemove = await harness.call(root, 'DELETE', '/api/user/self');
    expect(rootRemove.json().success).toBe(false);
  });

  it('lists usable groups and models', async () => {
    const groups = (await harness.call(root, 'GET', '/api/user/self/groups')).json().data;
    expect(groups.default).toMatchObject({ ratio: 1 });
    const names = (await harness.call(root, 'GET', '/api/group/')).json().data;
    expect(names).toContain('default');
    const models = await harness.call(root, 'GET', '/api/user/models');
    expect(models.json()).toEqual({ success: true, message: '', data: [] });
    const catalogue = (await harness.call(root, 'GET', '/api/models')).json().data;
    expect(catalogue['1']).toContain('gpt-4o');
  });
});
