import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** Every option as text, by key (`GET /api/option/`; credentials are never included). */
export type OptionValues = Readonly<Record<string, string>>;

export async function fetchOptions(): Promise<OptionValues> {
  const data = await http.get<unknown>('/api/option/');
  const values: Record<string, string> = {};
  if (Array.isArray(data)) {
    for (const entry of data) {
      if (isRecord(entry) && typeof entry.key === 'string') {
        values[entry.key] = typeof entry.value === 'string' ? entry.value : String(entry.value);
      }
    }
  }
  return values;
}

/** `PUT /api/option/`: one option; the server's refusal is thrown, not shown (the form reports). */
export async function saveOption(key: string, value: string): Promise<void> {
  await http.put('/api/option/', { key, value }, { notifyErrors: false });
}

/** `POST /api/option/rest_model_ratio`: ModelRatio back to the built-in map; the server's message. */
export async function resetModelRatios(): Promise<string> {
  const envelope = await http.envelope<unknown>('POST', '/api/option/rest_model_ratio');
  return envelope.message;
}

/** `DELETE /api/log/?target_timestamp=`: removes logs older than the time; how many went. */
export async function clearLogsBefore(unixSeconds: number): Promise<number> {
  const data = await http.delete<unknown>('/api/log/', {
    query: { target_timestamp: unixSeconds },
  });
  return typeof data === 'number' ? data : 0;
}

/** `GET /api/channel/models_enabled`: every model some enabled channel serves. */
export async function fetchEnabledModels(): Promise<string[]> {
  const data = await http.get<unknown>('/api/channel/models_enabled');
  return Array.isArray(data)
    ? data.filter((model): model is string => typeof model === 'string')
    : [];
}

/** The endpoints an OIDC provider's discovery document names. */
export interface OidcEndpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

/** Reads an OIDC discovery document (`…/.well-known/openid-configuration`) from the browser. */
export async function fetchOidcEndpoints(wellKnownUrl: string): Promise<OidcEndpoints> {
  const response = await fetch(wellKnownUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error('not a discovery document');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const endpoints = {
    authorization_endpoint: text(body.authorization_endpoint),
    token_endpoint: text(body.token_endpoint),
    userinfo_endpoint: text(body.userinfo_endpoint),
  };
  if (!endpoints.authorization_endpoint || !endpoints.token_endpoint) {
    throw new Error('the discovery document names no endpoints');
  }
  return endpoints;
}
