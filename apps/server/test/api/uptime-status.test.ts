import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOptions } from '../support/oauth-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

const GROUPS_KEY = 'console_setting.uptime_kuma_groups';

/** Uptime Kuma's two public status-page documents, per slug, as it serves them. */
interface FakePage {
  statusPage: unknown;
  heartbeats: unknown;
}

/** A local server playing Uptime Kuma: pages by slug, and every path it was asked for. */
class FakeUptimeKuma {
  readonly requests: string[] = [];
  readonly pages = new Map<string, FakePage | 'error' | 'not-json'>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeUptimeKuma> {
    const server = createServer();
    const fake = new FakeUptimeKuma(server);
    server.on('request', (request, response) => {
      const path = request.url ?? '';
      fake.requests.push(path);
      const match = /^\/api\/status-page\/(heartbeat\/)?([^/]+)$/.exec(path);
      const page = match ? fake.pages.get(match[2]!) : undefined;
      if (!match || page === undefined || page === 'error') {
        response.writeHead(page === 'error' ? 500 : 404).end('{"ok":false}');
        return;
      }
      response.setHeader('content-type', 'application/json');
      if (page === 'not-json') return void response.end('<html>maintenance</html>');
      response.end(JSON.stringify(match[1] ? page.heartbeats : page.statusPage));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Two public groups; monitor 3 has no heartbeat yet. Heartbeats are oldest first. */
const MAIN_PAGE: FakePage = {
  statusPage: {
    config: { slug: 'main', title: 'Main' },
    publicGroupList: [
      {
        id: 1,
        name: 'Relay',
        weight: 1,
        monitorList: [
          { id: 1, name: 'OpenAI', type: 'http' },
          { id: 2, name: 'Claude', type: 'http' },
        ],
      },
      { id: 2, name: 'Empty', monitorList: [] },
      { id: 3, name: '', monitorList: [{ id: 3, name: 'Website' }] },
    ],
  },
  heartbeats: {
    heartbeatList: {
      '1': [
        { status: 0, time: '2026-11-28 09:00:00.000', msg: '', ping: null },
        { status: 1, time: '2026-11-28 09:01:00.000', msg: '', ping: 120 },
      ],
      '2': [
        { status: 1, time: '2026-11-28 09:00:00.000' },
        { status: 0, time: '2026-11-28 09:01:00.000' },
      ],
    },
    uptimeList: { '1_24': 0.9931, '2_24': 0.5, '3_24': null, '3_1': 1 },
  },
};

describe('GET /api/uptime/status', () => {
  let harness: TestApp;
  let root: Session;
  let kuma: FakeUptimeKuma;

  const status = async () => {
    const response = await harness.call(undefined, 'GET', '/api/uptime/status');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    kuma = await FakeUptimeKuma.start();
    kuma.pages.set('main', MAIN_PAGE);
    kuma.pages.set('broken', 'error');
    kuma.pages.set('garbled', 'not-json');
    // The fake Uptime Kuma is on loopback: the operator allows it explicitly.
    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
    await kuma?.close();
  });

  it('answers an empty list, without a session, while no page is configured', async () => {
    expect(await status()).toEqual({ success: true, message: '', data: [] });
    expect(kuma.requests).toEqual([]);
  });

  it("reads every page's monitors, an unreadable page as no monitors, then reuses the answer", async () => {
    await setOptions(harness, root, {
      [GROUPS_KEY]: JSON.stringify([
        { categoryName: '主线路', url: `${kuma.baseUrl}/`, slug: 'main', description: 'x' },
        { categoryName: 'Broken', url: kuma.baseUrl, slug: 'broken' },
        { categoryName: 'Garbled', url: kuma.baseUrl, slug: 'garbled' },
        { categoryName: 'Unknown', url: kuma.baseUrl, slug: 'nowhere' },
        // A link-local address: the outbound guard refuses it before any connection.
        { categoryName: 'Metadata', url: 'http://169.254.169.254', slug: 'main' },
      ]),
    });
    expect(await status()).toEqual({
      success: true,
      message: '',
      data: [
        {
          categoryName: '主线路',
          monitors: [
            { name: 'OpenAI', uptime: 0.9931, status: 1, group: 'Relay' },
            { name: 'Claude', uptime: 0.5, status: 0, group: 'Relay' },
            { name: 'Website', uptime: 0, status: 0 },
          ],
        },
        { categoryName: 'Broken', monitors: [] },
        { categoryName: 'Garbled', monitors: [] },
        { categoryName: 'Unknown', monitors: [] },
        { categoryName: 'Metadata', monitors: [] },
      ],
    });
    // Both documents of the good page; a failing page's other document may be abandoned.
    expect(kuma.requests).toEqual(
      expect.arrayContaining(['/api/status-page/main', '/api/status-page/heartbeat/main']),
    );
    for (const path of kuma.requests) {
      expect(path).toMatch(/^\/api\/status-page\/(heartbeat\/)?(main|broken|garbled|nowhere)$/);
    }
    for (const slug of ['broken', 'garbled', 'nowhere']) {
      expect(kuma.requests.some((path) => path.endsWith(`/${slug}`))).toBe(true);
    }

    // Public callers in quick succession get the same answer; Uptime Kuma is not asked again.
    // (Counted on the good page: an abandoned request of a failing page may arrive late.)
    const mainRequests = () => kuma.requests.filter((path) => path.endsWith('/main')).length;
    const asked = mainRequests();
    kuma.pages.set('main', {
      statusPage: {
        publicGroupList: [{ name: 'Relay', monitorList: [{ id: 9, name: 'Gemini' }] }],
      },
      heartbeats: { heartbeatList: { '9': [{ status: 1 }] }, uptimeList: { '9_24': 1 } },
    });
    const again = await Promise.all([status(), status(), status()]);
    for (const answer of again) expect(answer.data[0].monitors).toHaveLength(3);
    expect(mainRequests()).toBe(asked);

    // A changed setting is read at once.
    await setOptions(harness, root, {
      [GROUPS_KEY]: JSON.stringify([{ categoryName: 'Only', url: kuma.baseUrl, slug: 'main' }]),
    });
    expect((await status()).data).toEqual([
      {
        categoryName: 'Only',
        monitors: [{ name: 'Gemini', uptime: 1, status: 1, group: 'Relay' }],
      },
    ]);
    expect(mainRequests()).toBe(asked + 2);
  });

  it('refuses pages an operator cannot mean, with the reason', async () => {
    const refusal = async (value: unknown) => {
      const response = await harness.call(root, 'PUT', '/api/option/', {
        key: GROUPS_KEY,
        value: JSON.stringify(value),
      });
      const body = response.json();
      expect(body.success).toBe(false);
      return body.message as string;
    };
    const page = { categoryName: 'A', url: kuma.baseUrl, slug: 'main' };
    expect(await refusal({ ...page })).toBe(`${GROUPS_KEY} 必须是 JSON 数组`);
    expect(await refusal([{ ...page, slug: '../admin' }])).toBe(
      `${GROUPS_KEY} 中 [0].slug 的值只能包含字母、数字、下划线和连字符`,
    );
    expect(await refusal([{ ...page, url: 'file:///etc/passwd' }])).toBe(
      `${GROUPS_KEY} 中 [0].url 的值必须是 http(s) 地址`,
    );
    expect(await refusal([{ url: kuma.baseUrl, slug: 'main' }])).toBe(
      `${GROUPS_KEY} 中 [0].categoryName 的值必须是字符串`,
    );
    expect(await refusal([{ ...page, categoryName: 'x'.repeat(51) }])).toBe(
      `${GROUPS_KEY} 中 [0].categoryName 的值长度不能超过 50 个字符`,
    );
    expect(await refusal([page, { ...page, slug: 'other' }])).toBe(
      `${GROUPS_KEY} 中 [1] 的分类名称与其他分组重复`,
    );
    const many = Array.from({ length: 21 }, (_, index) => ({ ...page, categoryName: `c${index}` }));
    expect(await refusal(many)).toBe(`${GROUPS_KEY} 最多 20 个分组`);

    // An empty list clears the card.
    await setOptions(harness, root, { [GROUPS_KEY]: '[]' });
    expect(await status()).toEqual({ success: true, message: '', data: [] });
  });
});
