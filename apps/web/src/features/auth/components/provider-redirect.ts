import type { StatusPayload } from '../../../status/status-payload';
import { fetchOAuthState, type OAuthProvider } from '../api';
import {
  customAuthorizeUrl,
  discordAuthorizeUrl,
  githubAuthorizeUrl,
  linuxDoAuthorizeUrl,
  oidcAuthorizeUrl,
} from './oauth-urls';

/** The authorisation page of `provider` for `state`, with the client ids the status names. */
export function providerAuthorizeUrl(
  provider: OAuthProvider,
  status: StatusPayload,
  state: string,
  origin: string,
): string {
  switch (provider) {
    case 'github':
      return githubAuthorizeUrl(status.github_client_id ?? '', state);
    case 'linuxdo':
      return linuxDoAuthorizeUrl(status.linuxdo_client_id ?? '', state);
    case 'oidc':
      return oidcAuthorizeUrl(
        status.oidc_authorization_endpoint ?? '',
        status.oidc_client_id ?? '',
        state,
        origin,
      );
    case 'discord':
      return discordAuthorizeUrl(status.discord_client_id ?? '', state, origin);
    default: {
      const custom = status.custom_oauth_providers?.find((entry) => entry.slug === provider);
      if (!custom) throw new Error(`unknown sign-in provider ${provider}`);
      return customAuthorizeUrl(custom, state, origin);
    }
  }
}

/**
 * Sends the browser to the provider with a fresh state. The provider sends it back to
 * `/oauth/<provider>`, which signs in a visitor or binds the identity to the signed-in user.
 */
export async function redirectToProvider(
  provider: OAuthProvider,
  status: StatusPayload,
  affiliateCode: string | null,
): Promise<void> {
  const state = await fetchOAuthState(affiliateCode);
  if (!state) return;
  window.location.assign(providerAuthorizeUrl(provider, status, state, window.location.origin));
}
