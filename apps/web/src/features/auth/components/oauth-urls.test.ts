import { describe, expect, it } from 'vitest';
import { githubAuthorizeUrl, linuxDoAuthorizeUrl, oidcAuthorizeUrl } from './oauth-urls';

describe('authorisation addresses', () => {
  it('builds the GitHub address with state and scope', () => {
    expect(githubAuthorizeUrl('abc', 'st')).toBe(
      'https://github.com/login/oauth/authorize?client_id=abc&state=st&scope=user%3Aemail',
    );
  });
  it('builds the Linux DO address', () => {
    expect(linuxDoAuthorizeUrl('id', 'st')).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=id&state=st',
    );
  });
  it('sends OIDC back to /oauth/oidc on this origin', () => {
    const url = new URL(
      oidcAuthorizeUrl('https://idp.example/auth', 'cid', 'st', 'https://gw.example'),
    );
    expect(url.origin + url.pathname).toBe('https://idp.example/auth');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example/oauth/oidc');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('state')).toBe('st');
  });
});
