import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
const startAuthentication = vi.fn();
const supported = vi.fn(() => true);
vi.mock('./http-client', () => ({ http: { post } }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: supported,
  startAuthentication,
  startRegistration: vi.fn(),
}));

const { PasskeyBrowserError, verifyWithPasskey } = await import('./passkey-ceremony');

const options = { challenge: 'c', allowCredentials: [] };
const assertion = { id: 'cred', response: {} };

/** Secure verification with a passkey: the ceremony first, then `POST /api/verify`. */
describe('verifyWithPasskey', () => {
  beforeEach(() => {
    post.mockReset();
    startAuthentication.mockReset();
    supported.mockReturnValue(true);
  });

  it('runs verify begin, the authenticator, verify finish, then /api/verify', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/api/user/passkey/verify/begin') return { options };
      if (path === '/api/verify') return { verified: true, expires_at: 1_800_000_300 };
      return undefined;
    });
    startAuthentication.mockResolvedValue(assertion);
    expect(await verifyWithPasskey()).toEqual({ verified: true, expires_at: 1_800_000_300 });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(post.mock.calls.map(([path, body]) => [path, body])).toEqual([
      ['/api/user/passkey/verify/begin', undefined],
      ['/api/user/passkey/verify/finish', assertion],
      ['/api/verify', { method: 'passkey' }],
    ]);
  });

  it('stops before the server hears more when the browser refuses', async () => {
    post.mockResolvedValue({ options });
    startAuthentication.mockRejectedValue(new Error('NotAllowedError'));
    await expect(verifyWithPasskey()).rejects.toBeInstanceOf(PasskeyBrowserError);
    expect(post).toHaveBeenCalledTimes(1);

    supported.mockReturnValue(false);
    await expect(verifyWithPasskey()).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
