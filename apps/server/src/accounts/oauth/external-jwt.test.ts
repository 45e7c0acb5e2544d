import { createHmac } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { INCOMPLETE } from './custom-provider-identity.js';
import { EXPIRED_TOKEN, INVALID_TOKEN, verifyExternalJwt } from './external-jwt.js';

/** Key-pair (PEM) verification of a jwt_direct provider's tokens; the JWKS path has API tests. */
describe('verifyExternalJwt with a PEM key', () => {
  let privateKey: CryptoKey | KeyObject;
  let pem: string;
  const outbound = {} as OutboundGuard;
  const provider = (fields: Partial<CustomOAuthProviderRow> = {}) =>
    ({
      issuer: 'https://idp.example',
      audience: 'tollgate',
      jwks_url: null,
      public_key: pem,
      ...fields,
    }) as CustomOAuthProviderRow;
  const token = (claims: Record<string, unknown> = {}, expires: string | number = '5m') => {
    const jwt = new SignJWT({ sub: 'emp-7', email: 'e@corp.test', ...claims })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('https://idp.example')
      .setAudience('tollgate')
      .setIssuedAt();
    if (expires !== 0) jwt.setExpirationTime(expires);
    return jwt.sign(privateKey);
  };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    pem = await exportSPKI(pair.publicKey);
  });

  it('answers the claims of a valid token', async () => {
    await expect(verifyExternalJwt(provider(), await token(), outbound)).resolves.toMatchObject({
      sub: 'emp-7',
      email: 'e@corp.test',
    });
  });

  it('refuses a wrong issuer or audience, an expired token and one without exp', async () => {
    await expect(
      verifyExternalJwt(provider({ issuer: 'https://other.example' }), await token(), outbound),
    ).rejects.toThrow('JWT 声明校验失败：iss');
    await expect(
      verifyExternalJwt(provider({ audience: 'someone-else' }), await token(), outbound),
    ).rejects.toThrow('JWT 声明校验失败：aud');
    await expect(
      verifyExternalJwt(
        provider(),
        await token({}, Math.floor(Date.now() / 1000) - 3600),
        outbound,
      ),
    ).rejects.toThrow(EXPIRED_TOKEN);
    await expect(verifyExternalJwt(provider(), await token({}, 0), outbound)).rejects.toThrow(
      'JWT 声明校验失败：exp',
    );
  });

  it('refuses an unsigned token, and one signed with HS256 using the public key as secret', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 300;
    const body = encode({ sub: 'x', iss: 'https://idp.example', aud: 'tollgate', exp });
    const unsigned = `${encode({ alg: 'none' })}.${body}.`;
    await expect(verifyExternalJwt(provider(), unsigned, outbound)).rejects.toThrow(INVALID_TOKEN);
    const head = encode({ alg: 'HS256', typ: 'JWT' });
    const mac = createHmac('sha256', pem).update(`${head}.${body}`).digest('base64url');
    await expect(verifyExternalJwt(provider(), `${head}.${body}.${mac}`, outbound)).rejects.toThrow(
      INVALID_TOKEN,
    );
    await expect(verifyExternalJwt(provider(), 'not-a-jwt', outbound)).rejects.toThrow(
      INVALID_TOKEN,
    );
  });

  it('refuses a token signed by another key, and says when the provider has no usable key', async () => {
    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'emp-7' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('https://idp.example')
      .setAudience('tollgate')
      .setExpirationTime('5m')
      .sign(other.privateKey);
    await expect(verifyExternalJwt(provider(), forged, outbound)).rejects.toThrow(INVALID_TOKEN);
    await expect(
      verifyExternalJwt(provider({ public_key: 'not a key' }), await token(), outbound),
    ).rejects.toThrow('JWT 公钥不是有效的 PEM 公钥');
    await expect(
      verifyExternalJwt(provider({ public_key: null }), await token(), outbound),
    ).rejects.toThrow(INCOMPLETE);
  });
});
