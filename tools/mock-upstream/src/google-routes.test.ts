import { SignJWT, exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { replyText } from './reply-content.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

const EMAIL = 'sa@project.iam.gserviceaccount.com';

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const CONTENTS = { contents: [{ role: 'user', parts: [{ text: 'Hello!' }] }] };

describe('mock Gemini API', () => {
  it('answers generateContent with the key in the header or the query', async () => {
    const header = await post('/v1beta/models/gemini-2.5-flash:generateContent', CONTENTS, {
      'x-goog-api-key': 'AIza-test',
    });
    expect(header.status).toBe(200);
    const answer = JSON.parse(header.text);
    expect(answer.candidates[0].content.parts[0].text).toBe(replyText(3));
    expect(answer.usageMetadata).toEqual({
      promptTokenCount: 2,
      candidatesTokenCount: 6,
      totalTokenCount: 8,
    });
    const query = await post('/v1beta/models/gemini-2.5-flash:generateContent?key=AIza', CONTENTS);
    expect(query.status).toBe(200);
  });

  it('refuses a missing key (403) and the invalid one (400 API_KEY_INVALID)', async () => {
    const missing = await post('/v1beta/models/m:generateContent', CONTENTS);
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.text).error.status).toBe('PERMISSION_DENIED');
    const invalid = await post('/v1beta/models/m:generateContent', CONTENTS, {
      'x-goog-api-key': 'sk-invalid',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).error.details[0].reason).toBe('API_KEY_INVALID');
  });

  it('streams alt=sse chunks and ends with the finish reason and usage', async () => {
    const { text } = await post('/v1beta/models/m:streamGenerateContent?alt=sse&key=k', CONTENTS);
    const chunks = text
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.slice('data: '.length)));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('')).toBe(
      replyText(3),
    );
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP');
    expect(chunks.at(-1).usageMetadata.candidatesTokenCount).toBe(6);
  });
});

describe('mock Vertex AI token endpoint', () => {
  it('issues a token for a trusted account and refuses a wrong signature', async () => {
    const trusted = await generateKeyPair('RS256', { extractable: true });
    const other = await generateKeyPair('RS256', { extractable: true });
    upstream.trustServiceAccount(EMAIL, await exportSPKI(trusted.publicKey));
    const assertion = (key: CryptoKey) =>
      new SignJWT({ scope: 'https://www.googleapis.com/auth/cloud-platform' })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(EMAIL)
        .setAudience(`${upstream.url}/oauth2/token`)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    const grant = async (jwt: string) =>
      fetch(`${upstream.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: jwt,
        }).toString(),
      });
    const forged = await grant(await assertion(other.privateKey));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toBe('invalid_grant');

    const good = await grant(await assertion(trusted.privateKey));
    const token = ((await good.json()) as { access_token: string }).access_token;
    expect(token).toMatch(/^ya29\.mock-/);
    const path = '/v1/projects/p/locations/us-central1/publishers/google/models/m:generateContent';
    expect((await post(path, CONTENTS, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post(path, CONTENTS, { authorization: `Bearer ${token}` })).status).toBe(200);
    // A PKCS#8 export works too (what a service-account JSON key holds).
    expect(await exportPKCS8(trusted.privateKey)).toMatch(/BEGIN PRIVATE KEY/);
  });
});
