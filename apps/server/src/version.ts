/** Product version reported by /api/status. */
export const TOLLGATE_VERSION = 'v0.1.0';
