import type { UpstreamGroupReport } from '@tollgate/contracts';
import { http } from '../../../lib/http-client';

/** The detection's groups and, when the live probe failed, why (the groups are still shown). */
export interface UpstreamDetection {
  groups: UpstreamGroupReport[];
  probeProblem: string;
}

/** `GET /api/channel/test_upstream/{id}`: probes the channel now and answers what was seen. */
export async function detectUpstream(id: number): Promise<UpstreamDetection> {
  const envelope = await http.envelope<unknown>('GET', `/api/channel/test_upstream/${id}`);
  const groups = Array.isArray(envelope.data) ? (envelope.data as UpstreamGroupReport[]) : [];
  return {
    groups: groups.filter(
      (group) => typeof group?.group === 'string' && Array.isArray(group.client_types),
    ),
    probeProblem: envelope.message,
  };
}
