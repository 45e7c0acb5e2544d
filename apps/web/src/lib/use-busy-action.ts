import { useState } from 'react';

/**
 * State for a button that spins while its action runs. `run` marks the action busy until it
 * settles; a failure is swallowed, because the HTTP client has already shown the server's message
 * (and the page stays as it was for another try).
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // Reported by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
