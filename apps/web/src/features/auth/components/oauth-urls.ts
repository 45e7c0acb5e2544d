/** Authorisation page addresses of the third-party sign-in providers. */

export function githubAuthorizeUrl(clientId: string, state: string): string {
  const query = new URLSearchParams({ client_id: clientId, state, scope: 'user:email' });
  return `https://github.com/login/oauth/authorize?${query.toString()}`;
}

export function linuxDoAuthorizeUrl(clientId: string, state: string): string {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, state });
  return `https://connect.linux.do/oauth2/authorize?${query.toString()}`;
}

export function oidcAuthorizeUrl(
  authorizationEndpoint: string,
  clientId: string,
  state: string,
  origin: string,
): string {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/oauth/oidc`,
    response_type: 'code',
    scope: 'openid profile email',
    state,
  });
  const separator = authorizationEndpoint.includes('?') ? '&' : '?';
  return `${authorizationEndpoint}${separator}${query.toString()}`;
}
