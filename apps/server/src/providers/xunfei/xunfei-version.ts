/** Used when neither the request, the model name nor the channel names a version. */
export const SPARK_DEFAULT_VERSION = 'v1.1';

const MODEL_VERSION_PREFIX = 'SparkDesk-';

/** The `domain` iFlytek expects for each API version; others are `general<version>`. */
const DOMAINS: Readonly<Record<string, string>> = {
  'v1.1': 'lite',
  'v2.1': 'generalv2',
  'v3.1': 'generalv3',
  'v3.5': 'generalv3.5',
  'v4.0': '4.0Ultra',
};

/**
 * The Spark API version of a call (reference §3.6): the client's `api-version` query parameter,
 * else the suffix of a `SparkDesk-vX.Y` model, else the channel's `other` field, else v1.1.
 */
export function resolveSparkVersion(query: string, model: string, channelOther: string): string {
  const fromQuery = new URLSearchParams(query).get('api-version')?.trim();
  if (fromQuery) return fromQuery;
  if (model.startsWith(MODEL_VERSION_PREFIX)) {
    const suffix = model.slice(MODEL_VERSION_PREFIX.length).trim();
    if (suffix) return suffix;
  }
  return channelOther.trim() || SPARK_DEFAULT_VERSION;
}

/** The `parameter.chat.domain` for an API version. */
export function sparkDomain(version: string): string {
  return DOMAINS[version] ?? `general${version}`;
}
