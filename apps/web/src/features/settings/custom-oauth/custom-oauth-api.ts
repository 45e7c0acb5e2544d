import type {
  CustomOAuthProviderInput,
  CustomOAuthProviderView,
  OAuthDiscoveryResult,
} from '@tollgate/contracts';
import { http } from '../../../lib/http-client';

/** Root's custom OAuth providers (`/api/custom-oauth-provider/`). */
export async function fetchCustomProviders(): Promise<CustomOAuthProviderView[]> {
  const data = await http.get<unknown>('/api/custom-oauth-provider/');
  return Array.isArray(data) ? (data as CustomOAuthProviderView[]) : [];
}

/** Creates (no id) or saves a provider; an empty `client_secret` keeps the stored one. */
export function saveCustomProvider(input: {
  id: number | null;
  values: CustomOAuthProviderInput;
}): Promise<unknown> {
  return input.id === null
    ? http.post<unknown>('/api/custom-oauth-provider/', input.values)
    : http.put<unknown>(`/api/custom-oauth-provider/${input.id}`, input.values);
}

export function deleteCustomProvider(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/custom-oauth-provider/${id}`);
}

/** The server reads the discovery document (through its outbound guard). */
export function discoverEndpoints(address: string): Promise<OAuthDiscoveryResult> {
  const body = /\/\.well-known\//.test(address) ? { well_known_url: address } : { issuer: address };
  return http.post<OAuthDiscoveryResult>('/api/custom-oauth-provider/discovery', body);
}
