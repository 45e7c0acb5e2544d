/**
 * A fake Cloudflare Turnstile siteverify endpoint on loopback: `POST /siteverify` with a form
 * body (`secret`, `response`, `remoteip`), answering as Cloudflare does. It knows one secret and
 * hands out tokens that are good once (a second verification answers `timeout-or-duplicate`);
 * the token `broken` gets a non-JSON 502. Every call is recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One siteverify call as received. */
export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string;
}

export interface FakeTurnstile {
  /** The siteverify URL (`TURNSTILE_SITEVERIFY_URL`). */
  url: string;
  /** Every call, oldest first. */
  calls: SiteverifyCall[];
  /** A token the widget would have produced, good for one verification. */
  issueToken(): string;
  close(): Promise<void>;
}

export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const calls: SiteverifyCall[] = [];
  const unused = new Set<string>();
  let sequence = 0;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const call = {
        secret: form.get('secret') ?? '',
        response: form.get('response') ?? '',
        remoteip: form.get('remoteip') ?? '',
      };
      calls.push(call);
      if (request.method !== 'POST' || request.url !== '/siteverify') {
        response.writeHead(404).end();
        return;
      }
      if (call.response === 'broken') {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
        return;
      }
      let errors: string[] = [];
      if (call.secret !== secret) errors = ['invalid-input-secret'];
      else if (!unused.delete(call.response)) errors = ['timeout-or-duplicate'];
      const body =
        errors.length === 0
          ? { success: true, 'error-codes': [], hostname: 'localhost' }
          : { success: false, 'error-codes': errors };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    issueToken() {
      sequence += 1;
      const token = `0.token-${sequence}-${Math.random().toString(36).slice(2)}`;
      unused.add(token);
      return token;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
