import type { SetupRequest } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** `GET /api/setup` data: whether setup is done, whether a root user exists, and the database. */
export interface SetupState {
  status: boolean;
  root_init: boolean;
  database_type: string;
}

/** Usage modes offered by the wizard; they map to SelfUseModeEnabled / DemoSiteEnabled. */
export type UsageMode = 'external' | 'self' | 'demo';

/** `POST /api/setup` body (the shared contract's field names). */
export type SetupSubmission = SetupRequest;

export async function fetchSetupState(): Promise<SetupState> {
  const data = await http.get<unknown>('/api/setup', { notifyErrors: false });
  if (!isRecord(data)) return { status: false, root_init: false, database_type: '' };
  return {
    status: data.status === true,
    root_init: data.root_init === true,
    database_type: typeof data.database_type === 'string' ? data.database_type : '',
  };
}

/** Submits the wizard; resolves with the server's message. */
export async function submitSetup(submission: SetupSubmission): Promise<string> {
  const envelope = await http.envelope<unknown>('POST', '/api/setup', {
    body: submission,
    notifyErrors: false,
  });
  return envelope.message;
}
