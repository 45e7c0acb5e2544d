import { describe, expect, it } from 'vitest';
import {
  customAuthorizeUrl,
  discordAuthorizeUrl,
  githubAuthorizeUrl,
  linuxDoAuthorizeUrl,
  oidcAuthorizeUrl,
} from './oauth-urls';

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
  it('sends Discord back to /oauth/discord with the identify and email scopes', () => {
    const url = new URL(discordAuthorizeUrl('did', 'st', 'https://gw.example'));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example/oauth/discord');
    expect(url.searchParams.get('scope')).toBe('identify email');
    expect(url.searchParams.get('response_type')).toBe('code');
  });
  it('sends a custom provider back to /oauth/<slug> with its scopes', () => {
    const provider = {
      slug: 'acme',
      authorization_endpoint: 'https://sso.example/authorize?tenant=1',
      client_id: 'cid',
      scopes: 'openid email',
    };
    const url = new URL(customAuthorizeUrl(provider, 'st', 'https://gw.example'));
    expect(url.searchParams.get('tenant')).toBe('1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example/oauth/acme');
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(url.searchParams.get('client_id')).toBe('cid');
  });
});
