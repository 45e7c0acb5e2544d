import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { http } from './http-client';

/** The console tells the server its language, so server messages come back in it. */
describe('http client', () => {
  let server: Server;
  let origin: string;
  const received: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, message: '', data: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await i18n.init({ resources: {}, lng: 'zh' });
  });
  afterAll(async () => {
    await i18n.changeLanguage('zh');
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the console's current language as Accept-Language", async () => {
    await http.get(`${origin}/api/status`);
    await i18n.changeLanguage('en');
    await http.post(`${origin}/api/user/login`, { username: 'a', password: 'b' });
    expect(received.map((headers) => headers['accept-language'])).toEqual(['zh', 'en']);
  });

  it('ranks English next for languages the server has no messages in', async () => {
    received.length = 0;
    await i18n.changeLanguage('fr');
    await http.get(`${origin}/api/status`);
    await i18n.changeLanguage('ja');
    await http.get(`${origin}/api/status`);
    expect(received.map((headers) => headers['accept-language'])).toEqual([
      'fr,en;q=0.9',
      'ja,en;q=0.9',
    ]);
  });
});
