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

/** Discord's authorisation page; Discord sends the browser back to `<origin>/oauth/discord`. */
export function discordAuthorizeUrl(clientId: string, state: string, origin: string): string {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/oauth/discord`,
    response_type: 'code',
    scope: 'identify email',
    state,
  });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}

/** A custom provider's authorisation page, back to `<origin>/oauth/<slug>`. */
export function customAuthorizeUrl(
  provider: { slug: string; authorization_endpoint: string; client_id: string; scopes: string },
  state: string,
  origin: string,
): string {
  const query = new URLSearchParams({
    client_id: provider.client_id,
    redirect_uri: `${origin}/oauth/${provider.slug}`,
    response_type: 'code',
    scope: provider.scopes || 'openid profile email',
    state,
  });
  const separator = provider.authorization_endpoint.includes('?') ? '&' : '?';
  return `${provider.authorization_endpoint}${separator}${query.toString()}`;
}
