// Prepares a fresh Tollgate through its HTTP API, as an operator would: the setup wizard, a
// channel on the mock upstream with the benchmark's models, prices for the aliases, and an API key.
import { TOLLGATE_MODELS, UPSTREAM_MODELS } from './scenarios.mjs';

const ROOT_USERNAME = 'bench';
const ROOT_PASSWORD = 'bench-password-1';
/** Enough for every call of a run; the real cost of a call is a few quota units (3,750 at 200 KB). */
export const TOKEN_QUOTA = 400_000_000;

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function call(origin, method, path, { cookie, userId, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (userId !== undefined) headers['new-api-user'] = String(userId);
  const response = await globalThis.fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: globalThis.AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok || !isObject(parsed) || parsed.success !== true) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return { data: parsed.data, response };
}

/**
 * Runs the wizard, signs in, and creates the channel and the token. `logConsume: false` turns the
 * consume log off (the logging on/off comparison); `tokenLimits` puts usage limits on the token
 * (the limits on/off comparison); `responseCache` turns the response cache on with a rule for the
 * `cacheHit` scenario's alias. Sets `target.tokenKey`.
 */
export async function seedTollgate(
  target,
  { upstreamOrigin, logConsume = true, tokenLimits, responseCache = false },
) {
  const { origin } = target;
  await call(origin, 'POST', '/api/setup', {
    body: {
      username: ROOT_USERNAME,
      password: ROOT_PASSWORD,
      confirmPassword: ROOT_PASSWORD,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    },
  });
  const login = await call(origin, 'POST', '/api/user/login', {
    body: { username: ROOT_USERNAME, password: ROOT_PASSWORD },
  });
  const cookie = login.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!isObject(login.data) || typeof login.data.id !== 'number') {
    throw new Error(`login on ${target.label} answered no user id`);
  }
  const session = { cookie, userId: login.data.id };

  // The aliases are priced like the model they map to, so every scenario is billed the same way.
  const options = await call(origin, 'GET', '/api/option/', session);
  const entries = Array.isArray(options.data) ? options.data : [];
  const current = entries.find((entry) => isObject(entry) && entry.key === 'ModelRatio');
  let ratios = {};
  try {
    const parsed = JSON.parse(current?.value ?? '{}');
    if (isObject(parsed)) ratios = parsed;
  } catch {
    ratios = {};
  }
  const baseRatio =
    typeof ratios[UPSTREAM_MODELS.plain] === 'number' ? ratios[UPSTREAM_MODELS.plain] : 0.075;
  for (const alias of Object.values(TOLLGATE_MODELS)) ratios[alias] ??= baseRatio;
  await call(origin, 'PUT', '/api/option/', {
    ...session,
    body: { key: 'ModelRatio', value: JSON.stringify(ratios) },
  });
  if (responseCache) {
    // A rule for the `cacheHit` scenario's alias only: every other scenario's calls pay the rule
    // check and go upstream as before.
    await call(origin, 'PUT', '/api/option/', {
      ...session,
      body: {
        key: 'ResponseCacheRules',
        value: JSON.stringify([{ models: [TOLLGATE_MODELS.cached], ttl_seconds: 3600 }]),
      },
    });
    await call(origin, 'PUT', '/api/option/', {
      ...session,
      body: { key: 'ResponseCacheEnabled', value: 'true' },
    });
  }
  if (!logConsume) {
    await call(origin, 'PUT', '/api/option/', {
      ...session,
      body: { key: 'LogConsumeEnabled', value: 'false' },
    });
  }

  const mapping = {};
  for (const [model, alias] of Object.entries(TOLLGATE_MODELS)) {
    if (alias !== UPSTREAM_MODELS[model]) mapping[alias] = UPSTREAM_MODELS[model];
  }
  await call(origin, 'POST', '/api/channel/', {
    ...session,
    body: {
      mode: 'single',
      channel: {
        type: 1,
        name: 'mock upstream',
        key: 'sk-bench-upstream',
        base_url: upstreamOrigin,
        models: [...new Set(Object.values(TOLLGATE_MODELS))].join(','),
        group: 'default',
        model_mapping: JSON.stringify(mapping),
      },
    },
  });

  await call(origin, 'POST', '/api/token/', {
    ...session,
    body: {
      name: 'bench',
      remain_quota: TOKEN_QUOTA,
      unlimited_quota: false,
      ...(tokenLimits ? { limits: tokenLimits } : {}),
    },
  });
  const tokens = await call(origin, 'GET', '/api/token/?p=0&size=10', session);
  const token = Array.isArray(tokens.data)
    ? tokens.data.find((row) => isObject(row) && row.name === 'bench')
    : undefined;
  if (!token || typeof token.id !== 'number') throw new Error(`no token from ${target.label}`);
  // Lists show masked keys; the full key comes from the reveal route.
  const revealed = await call(origin, 'POST', `/api/token/${token.id}/key`, {
    ...session,
    body: {},
  });
  const key = isObject(revealed.data) ? revealed.data.key : undefined;
  if (typeof key !== 'string') throw new Error(`no token key from ${target.label}`);
  target.tokenKey = key.startsWith('sk-') ? key : `sk-${key}`;
  target.session = session;
  target.logConsume = logConsume;
}
