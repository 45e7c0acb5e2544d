import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())('site routes, options and HTTP plumbing on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('serves notice, about and home page content from options', async () => {
    await harness.call(root, 'PUT', '/api/option/', { key: 'Notice', value: '# Hello' });
    expect((await harness.call(undefined, 'GET', '/api/notice')).json()).toEqual({
      success: true,
      message: '',
      data: '# Hello',
    });
    expect((await harness.call(undefined, 'GET', '/api/about')).json().data).toBe('');
    expect((await harness.call(undefined, 'GET', '/api/home_page_content')).json().data).toBe('');
  });

  it('returns every status field the console reads', async () => {
    const status = (await harness.call(undefined, 'GET', '/api/status')).json().data;
    for (const field of [
      'version',
      'start_time',
      'system_name',
      'logo',
      'footer_html',
      'quota_per_unit',
      'display_in_currency',
      'enable_drawing',
      'enable_task',
      'enable_data_export',
      'chats',
      'data_export_default_time',
      'default_collapse_sidebar',
      'mj_notify_enabled',
      'docs_link',
      'turnstile_check',
      'turnstile_site_key',
      'email_verification',
      'wechat_login',
      'wechat_qrcode',
      'github_oauth',
      'github_client_id',
      'oidc_enabled',
      'oidc_client_id',
      'oidc_authorization_endpoint',
      'linuxdo_oauth',
      'linuxdo_client_id',
      'telegram_oauth',
      'telegram_bot_name',
      'setup',
      'self_use_mode_enabled',
      'demo_site_enabled',
      'server_address',
      'top_up_link',
      'price',
      'enable_online_topup',
      'enable_batch_update',
    ]) {
      expect(status, field).toHaveProperty(field);
    }
    expect(status.quota_per_unit).toBe(500000);
  });

  it('reads the same ServerAddress from the options as from the status on a fresh install', async () => {
    const options = (await harness.call(root, 'GET', '/api/option/')).json().data as Array<{
      key: string;
      value: string;
    }>;
    const fromOptions = options.find((option) => option.key === 'ServerAddress')?.value;
    const fromStatus = (await harness.call(undefined, 'GET', '/api/status')).json().data
      .server_address;
    expect(fromOptions).toBe('http://localhost:3000');
    expect(fromStatus).toBe(fromOptions);
  });

  it('never returns secrets from GET /api/option/ and validates PUT per key', async () => {
    await harness.call(root, 'PUT', '/api/option/', {
      key: 'SMTPToken',
      value: 'smtp-secret-value',
    });
    await harness.call(root, 'PUT', '/api/option/', {
      key: 'GitHubClientSecret',
      value: 'gh-secret-value',
    });
    const list = (await harness.call(root, 'GET', '/api/option/')).json().data as {
      key: string;
      value: string;
    }[];
    expect(list.length).toBeGreaterThan(50);
    const keys = list.map((option) => option.key);
    expect(keys).toContain('SystemName');
    expect(keys).not.toContain('SMTPToken');
    expect(keys).not.toContain('GitHubClientSecret');
    expect(JSON.stringify(list)).not.toContain('secret-value');

    const badJson = await harness.call(root, 'PUT', '/api/option/', {
      key: 'ModelRatio',
      value: '{not json',
    });
    expect(badJson.json().success).toBe(false);
    const badNumber = await harness.call(root, 'PUT', '/api/option/', {
      key: 'QuotaPerUnit',
      value: 'abc',
    });
    expect(badNumber.json().success).toBe(false);
    const unknown = await harness.call(root, 'PUT', '/api/option/', {
      key: 'NoSuchOption',
      value: '1',
    });
    expect(unknown.json().success).toBe(false);
    const oidc = await harness.call(root, 'PUT', '/api/option/', {
      key: 'oidc.well_known',
      value: 'ftp://x',
    });
    expect(oidc.json().success).toBe(false);
    // A failed update leaves the stored value alone.
    const ratio = list.find((option) => option.key === 'QuotaPerUnit');
    const after = (await harness.call(root, 'GET', '/api/option/')).json().data as {
      key: string;
      value: string;
    }[];
    expect(after.find((option) => option.key === 'QuotaPerUnit')).toEqual(ratio);
    const missingBody = await harness.app.inject({
      method: 'PUT',
      url: '/api/option/',
      headers: {
        cookie: root.cookie,
        'new-api-user': String(root.userId),
        'content-type': 'application/json',
      },
      payload: '{"key":',
    });
    expect(businessFailure(missingBody)).toEqual(REFUSED);
  });

  it('resets model ratios', async () => {
    await harness.call(root, 'PUT', '/api/option/', {
      key: 'ModelRatio',
      value: '{"my-model": 3}',
    });
    const response = await harness.call(root, 'POST', '/api/option/rest_model_ratio');
    expect(response.json()).toEqual({ success: true, message: '重置模型倍率成功' });
    const list = (await harness.call(root, 'GET', '/api/option/')).json().data as {
      key: string;
      value: string;
    }[];
    expect(list.find((option) => option.key === 'ModelRatio')?.value).not.toContain('my-model');
  });

  it('adds a request id header, gzips large /api responses and answers unknown paths with JSON 404', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/option/',
      headers: {
        cookie: root.cookie,
        'new-api-user': String(root.userId),
        'accept-encoding': 'gzip',
      },
    });
    expect(response.headers['x-oneapi-request-id']).toMatch(/^\d{14}\d+[A-Za-z0-9]{8}$/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).success).toBe(true);

    const unknownApi = await harness.call(undefined, 'GET', '/api/nope');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toEqual({
      error: {
        message: 'Invalid URL (GET /api/nope)',
        type: 'invalid_request_error',
        param: '',
        code: '',
      },
    });
    expect((await harness.call(undefined, 'POST', '/v1/unknown')).statusCode).toBe(404);
  });

  it('refuses an oversized body with 413 and a clear message', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: '请求体过大' });
  });
});

describe('HTTP plumbing without a database dependency', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp('sqlite', {
      GLOBAL_API_RATE_LIMIT: '3',
      GLOBAL_API_RATE_LIMIT_DURATION: '60',
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('limits /api per IP with a 429 and the console message', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await harness.call(undefined, 'GET', '/api/status')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await harness.call(undefined, 'GET', '/api/status');
    expect(limited.json()).toEqual({ success: false, message: '请求过于频繁，请稍后再试' });
  });

  it('turns an unexpected error into a JSON 500 without a stack trace', async () => {
    const app = await buildApp(harness.runtime.context);
    app.get('/api/explode', async () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/explode',
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().success).toBe(false);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.js:');
    await app.close();
  });

  it('serves the console with SPA fallback and the cache headers', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'tollgate-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await buildApp(harness.runtime.context, { webRoot });
    const index = await app.inject({
      method: 'GET',
      url: '/console/user',
      remoteAddress: '10.1.1.1',
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('id="root"');
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      remoteAddress: '10.1.1.1',
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      remoteAddress: '10.1.1.1',
    });
    expect(missingAsset.statusCode).toBe(404);
    await app.close();
  });
});
