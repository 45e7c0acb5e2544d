/**
 * Lets code outside React (the HTTP client) navigate through the router once it exists, and fall
 * back to a full page load before that.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void>;

let routerNavigate: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  routerNavigate = navigate;
}

/** Resolves once the router has moved (immediately when falling back to a page load). */
export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (routerNavigate) {
    await routerNavigate(to, options);
    return;
  }
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
