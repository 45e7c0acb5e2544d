/**
 * `GET /api/channel/test_upstream/:id`: a reference-only guess of what answers behind a channel,
 * per group of the calls that reached it (and `probe` for the live probe the route makes).
 */

/** What the answers' headers (and the probe's body) look like. */
export const UPSTREAM_CLIENT_TYPES = [
  'openai',
  'azure',
  'python',
  'go',
  'openai_uncertain',
  'unknown',
] as const;
export type UpstreamClientType = (typeof UPSTREAM_CLIENT_TYPES)[number];

/** The group name under which the route's own probe is recorded. */
export const UPSTREAM_PROBE_GROUP = 'probe';

/** How often one classification was seen; times are unix seconds. */
export interface UpstreamClientTypeCount {
  client_type: UpstreamClientType;
  count: number;
  first_seen: number;
  last_seen: number;
}

/** The answers of one group's calls on the channel, in this server process. */
export interface UpstreamGroupReport {
  group: string;
  first_seen: number;
  last_seen: number;
  client_types: UpstreamClientTypeCount[];
}
