/** How an OAuth callback ended: an identity bound, a visitor signed in, or a refusal. */
export type OAuthCallbackResult = 'bound' | 'signedIn' | 'failed';

/**
 * Where the callback page goes next (spec part 1, "OAuth callback outcome"): a binding and a
 * failure go to /setting, a sign-in to /token. A binding asks for the personal tab, where the
 * bound identities show (/setting sends it on to /personal); a failure goes to /setting itself,
 * whose guards send a visitor to /login and each signed-in user to the settings they may see.
 */
export function oauthCallbackPath(result: OAuthCallbackResult): string {
  switch (result) {
    case 'bound':
      return '/setting?tab=personal';
    case 'signedIn':
      return '/token';
    case 'failed':
      return '/setting';
  }
}
