/**
 * A browser for console API tests: keeps the cookies the server sets (session, OAuth state) and
 * sends them back, comes from its own IP address (so per-IP limits of one test do not spill into
 * another), and sends `New-Api-User` once signed in, as the console does.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let browsers = 0;

export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  /** The signed-in user's id, sent as New-Api-User. */
  userId: number | undefined;
  readonly ip: string;

  constructor(private readonly app: FastifyInstance) {
    browsers += 1;
    this.ip = `10.77.${Math.floor(browsers / 250)}.${(browsers % 250) + 1}`;
  }

  /** A request with this browser's cookies; the cookies the answer sets are kept. */
  async request(
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.userId !== undefined ? { 'new-api-user': String(this.userId) } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const set of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now());
      if (expired || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request('GET', url, undefined, headers);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Signs in with a password; throws when refused. */
  async login(username: string, password: string): Promise<number> {
    const response = await this.request('POST', '/api/user/login', { username, password });
    const body = response.json() as { success: boolean; message: string; data: { id: number } };
    if (!body.success) throw new Error(`login failed for ${username}: ${body.message}`);
    this.userId = body.data.id;
    return body.data.id;
  }

  /** `GET /api/oauth/state` (with an invite code): the state to hand to the provider. */
  async oauthState(aff?: string): Promise<string> {
    const query = aff === undefined ? '' : `?aff=${encodeURIComponent(aff)}`;
    const body = (await this.get(`/api/oauth/state${query}`)).json() as {
      success: boolean;
      data: string;
    };
    if (!body.success || typeof body.data !== 'string') throw new Error('no OAuth state');
    return body.data;
  }

  /** Records a sign-in answer's user as this browser's user. */
  adopt(response: LightMyRequestResponse): void {
    const body = response.json() as { success: boolean; data?: { id?: number } };
    if (body.success && typeof body.data?.id === 'number') this.userId = body.data.id;
  }
}
