import assert from 'node:assert/strict';

/** The root account every browser test's site is initialised with. */
export const root = { username: 'root', password: 'root-pass-2024' };

/** Initialises a fresh site through `POST /api/setup` (root as above, neither self-use nor demo). */
export async function initialiseSite(url: string): Promise<void> {
  const response = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: root.username,
      password: root.password,
      confirmPassword: root.password,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    }),
  });
  assert.equal(((await response.json()) as { success?: unknown }).success, true, 'setup failed');
}
