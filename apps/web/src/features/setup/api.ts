import type { SetupRequest } from '@tollgate/contracts';
import { http } from '../../lib/http-client';

/** Usage modes offered by the wizard; they map to SelfUseModeEnabled / DemoSiteEnabled. */
export type UsageMode = 'external' | 'self' | 'demo';

/** `POST /api/setup` body (the shared contract's field names). */
export type SetupSubmission = SetupRequest;

/** Submits the wizard; resolves with the server's message. */
export async function submitSetup(submission: SetupSubmission): Promise<string> {
  const envelope = await http.envelope<unknown>('POST', '/api/setup', {
    body: submission,
    notifyErrors: false,
  });
  return envelope.message;
}
