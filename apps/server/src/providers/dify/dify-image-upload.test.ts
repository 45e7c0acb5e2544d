import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import type { ChannelSetting, RelayCallInput } from '../provider-adaptor.js';
import { DifyAdaptor } from './dify-adaptor.js';

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => resolve(body));
  });
}

/** A Dify upload endpoint: records each upload and answers ids, or `status` with Dify's error. */
async function startDify(status = 201) {
  const uploads: { path: string; authorization: string; body: string }[] = [];
  const url = await listen(
    createServer((request, response) => {
      void readBody(request).then((body) => {
        uploads.push({
          path: String(request.url),
          authorization: String(request.headers.authorization),
          body,
        });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          status === 201
            ? JSON.stringify({ id: `file-${uploads.length}`, name: 'image.png' })
            : JSON.stringify({ code: 'unauthorized', message: 'Access token is invalid', status }),
        );
      });
    }),
  );
  return { url, uploads };
}

function call(baseUrl: string, setting: ChannelSetting = {}): RelayCallInput {
  return makeCallInput({
    upstreamModel: 'dify',
    channel: makeChannel({ type: 37, key: 'app-key', baseUrl, setting }),
    body: {
      user: 'dave',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,aGVsbG8=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/b.png' } },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,d29ybGQ=' } },
          ],
        },
      ],
    },
  });
}

const adaptor = new DifyAdaptor();

describe('Dify image uploads', () => {
  it('uploads each data-URL image and fills its file id, in order', async () => {
    const dify = await startDify();
    const input = call(dify.url);
    const request = await adaptor.authorize(input, adaptor.buildRequest(input));
    expect(JSON.parse(String(request.body)).files).toEqual([
      {
        type: 'image',
        transfer_method: 'local_file',
        upload_file_id: expect.stringMatching(/^file-/),
      },
      { type: 'image', transfer_method: 'remote_url', url: 'https://example.com/b.png' },
      {
        type: 'image',
        transfer_method: 'local_file',
        upload_file_id: expect.stringMatching(/^file-/),
      },
    ]);
    expect(dify.uploads).toHaveLength(2);
    for (const upload of dify.uploads) {
      expect(upload.path).toBe('/v1/files/upload');
      expect(upload.authorization).toBe('Bearer app-key');
      expect(upload.body).toContain('name="user"\r\n\r\ndave\r\n');
    }
    const bodies = dify.uploads.map((upload) => upload.body).join('');
    expect(bodies).toContain('Content-Type: image/png\r\n\r\nhello');
    expect(bodies).toContain('Content-Type: image/jpeg\r\n\r\nworld');
  });

  it('throws Dify’s refusal as an upstream error that rejects the key', async () => {
    const dify = await startDify(401);
    const input = call(dify.url);
    const error = await adaptor
      .authorize(input, adaptor.buildRequest(input))
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Access token is invalid',
      type: 'authentication_error',
      local: false,
    });
  });

  it('goes through the channel’s proxy', async () => {
    const dify = await startDify();
    const proxied: string[] = [];
    const proxy = createServer();
    proxy.on('connect', (request, client, head) => {
      proxied.push(String(request.url));
      const [host, port] = String(request.url).split(':');
      const target = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        target.write(head);
        target.pipe(client);
        client.pipe(target);
      });
      target.on('error', () => client.destroy());
      client.on('error', () => target.destroy());
    });
    const proxyUrl = await listen(proxy);
    const input = call(dify.url, { proxy: proxyUrl });
    await adaptor.authorize(input, adaptor.buildRequest(input));
    expect(dify.uploads).toHaveLength(2);
    expect(proxied.length).toBeGreaterThan(0);
    expect(new Set(proxied)).toEqual(new Set([new URL(dify.url).host]));
  });
});
