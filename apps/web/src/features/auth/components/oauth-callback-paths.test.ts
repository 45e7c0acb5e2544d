import { describe, expect, it } from 'vitest';
import { oauthCallbackPath } from './oauth-callback-paths';

describe('OAuth callback destinations', () => {
  it('sends a failure to /setting, as the spec says, not to the personal tab', () => {
    expect(oauthCallbackPath('failed')).toBe('/setting');
  });

  it('sends a binding to the settings personal tab and a sign-in to /token', () => {
    expect(new URL(oauthCallbackPath('bound'), 'http://console').pathname).toBe('/setting');
    expect(oauthCallbackPath('bound')).toBe('/setting?tab=personal');
    expect(oauthCallbackPath('signedIn')).toBe('/token');
  });
});
