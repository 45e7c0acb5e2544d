import { describe, expect, it } from 'vitest';
import { AUTO_WORKER_LIMIT, ConfigError, loadConfig, parseDatabaseDsn } from './config.js';

describe('loadConfig', () => {
  it('has the reference defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', dsn: '', sqlitePath: 'data/tollgate.db' });
    expect(config.nodeType).toBe('master');
    expect(config.syncFrequencySeconds).toBe(60);
    expect(config.batchUpdate).toEqual({ enabled: false, intervalSeconds: 5 });
    expect(config.memoryCacheEnabled).toBe(false);
    expect(config.globalApiRateLimit).toEqual({ enabled: true, limit: 180, windowSeconds: 180 });
    expect(config.globalWebRateLimit).toEqual({ enabled: true, limit: 60, windowSeconds: 180 });
    expect(config.streamingTimeoutSeconds).toBe(60);
    expect(config.forceStreamOption).toBe(true);
    expect(config.sessionSecretGenerated).toBe(true);
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.cryptoSecret).toBe(config.sessionSecret);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      SQL_DSN: 'postgres://user:pass@db:5432/tollgate',
      LOG_SQL_DSN: 'root:secret@tcp(logs:3306)/logs',
      SQLITE_PATH: '/tmp/x.db',
      REDIS_CONN_STRING: 'redis://cache:6379/0',
      SESSION_SECRET: 'session',
      CRYPTO_SECRET: 'crypto',
      NODE_TYPE: 'slave',
      SYNC_FREQUENCY: '10',
      BATCH_UPDATE_ENABLED: 'true',
      BATCH_UPDATE_INTERVAL: '3',
      FRONTEND_BASE_URL: 'https://console.example/',
      GLOBAL_API_RATE_LIMIT: '5',
      GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    });
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('postgres');
    expect(config.logDatabase?.kind).toBe('mysql');
    expect(config.redisUrl).toBe('redis://cache:6379/0');
    expect(config.memoryCacheEnabled).toBe(true);
    expect(config.sessionSecretGenerated).toBe(false);
    expect(config.cryptoSecret).toBe('crypto');
    expect(config.nodeType).toBe('slave');
    expect(config.syncFrequencySeconds).toBe(10);
    expect(config.batchUpdate).toEqual({ enabled: true, intervalSeconds: 3 });
    expect(config.frontendBaseUrl).toBe('https://console.example');
    expect(config.globalApiRateLimit.limit).toBe(5);
    expect(config.globalWebRateLimit.enabled).toBe(false);
  });

  it('reads the notification and first-token switches', () => {
    const defaults = loadConfig({});
    expect(defaults.notifyLimit).toEqual({ count: 2, windowMinutes: 10 });
    expect(defaults.notifyAllowHttpWebhook).toBe(false);
    expect(defaults.generateDefaultToken).toBe(false);
    const config = loadConfig({
      NOTIFY_LIMIT_COUNT: '5',
      NOTIFICATION_LIMIT_DURATION_MINUTE: '30',
      NOTIFY_ALLOW_HTTP_WEBHOOK: 'true',
      GENERATE_DEFAULT_TOKEN: 'true',
    });
    expect(config.notifyLimit).toEqual({ count: 5, windowMinutes: 30 });
    expect(config.notifyAllowHttpWebhook).toBe(true);
    expect(config.generateDefaultToken).toBe(true);
    expect(() => loadConfig({ NOTIFICATION_LIMIT_DURATION_MINUTE: '0' })).toThrow(
      /NOTIFICATION_LIMIT_DURATION_MINUTE must be between/,
    );
  });

  it('fails with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between/);
    expect(() => loadConfig({ BATCH_UPDATE_ENABLED: 'maybe' })).toThrow(
      /BATCH_UPDATE_ENABLED must be true or false/,
    );
    expect(() => loadConfig({ NODE_TYPE: 'leader' })).toThrow(/NODE_TYPE must be master or slave/);
    expect(() => loadConfig({ REDIS_CONN_STRING: 'cache:6379' })).toThrow(/REDIS_CONN_STRING/);
    expect(() => loadConfig({ SESSION_SECRET: 'random_string' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ FRONTEND_BASE_URL: 'console' })).toThrow(/FRONTEND_BASE_URL/);
    expect(() => loadConfig({ SQL_DSN: 'nonsense' })).toThrow(ConfigError);
  });

  it('reads the outbound allow list, and refuses an entry that is no host, address or range', () => {
    expect(loadConfig({}).outboundAllowedHosts).toEqual([]);
    const config = loadConfig({
      OUTBOUND_ALLOWED_HOSTS: ' upstream.internal, 10.0.0.0/8 ,,::1 ',
    });
    expect(config.outboundAllowedHosts).toEqual(['upstream.internal', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost,http://upstream' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS must list host names, IP addresses or CIDRs .* got "http:\/\/upstream"/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: '10.0.0.0/40' })).toThrow(ConfigError);
  });

  it('runs one worker process per core by default, up to the automatic limit', () => {
    expect(loadConfig({}, 2).workers).toBe(2);
    expect(loadConfig({}, 1).workers).toBe(1);
    expect(loadConfig({ WORKERS: 'auto' }, 32).workers).toBe(AUTO_WORKER_LIMIT);
    expect(loadConfig({ WORKERS: '12' }, 2).workers).toBe(12);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be between 1 and 64/);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS must be an integer/);
  });

  it('serves metrics only when enabled, with an optional bearer token', () => {
    expect(loadConfig({}).metricsEnabled).toBe(false);
    const config = loadConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'scrape-me' });
    expect(config.metricsEnabled).toBe(true);
    expect(config.metricsToken).toBe('scrape-me');
  });

  it('reads LOG_LEVEL (info by default, debug with DEBUG) and refuses an unknown level', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ DEBUG: 'true' }).logLevel).toBe('debug');
    expect(loadConfig({ DEBUG: 'true', LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
  });

  it('reads POLLING_INTERVAL, the pause between channels of the channel runs (0 by default)', () => {
    expect(loadConfig({}).channelPollingIntervalSeconds).toBe(0);
    expect(loadConfig({ POLLING_INTERVAL: '2' }).channelPollingIntervalSeconds).toBe(2);
    expect(() => loadConfig({ POLLING_INTERVAL: '-1' })).toThrow(
      /POLLING_INTERVAL must be between/,
    );
    expect(() => loadConfig({ POLLING_INTERVAL: '1.5' })).toThrow(
      /POLLING_INTERVAL must be an integer/,
    );
  });

  it('keeps MEMORY_CACHE_ENABLED as given (informational), forced on with Redis', () => {
    expect(loadConfig({ MEMORY_CACHE_ENABLED: 'true' }).memoryCacheEnabled).toBe(true);
    expect(loadConfig({ MEMORY_CACHE_ENABLED: 'false' }).memoryCacheEnabled).toBe(false);
    expect(() => loadConfig({ MEMORY_CACHE_ENABLED: 'maybe' })).toThrow(ConfigError);
  });

  it('chooses the database from the DSN as new-api does', () => {
    expect(parseDatabaseDsn('SQL_DSN', 'local', 'x.db').kind).toBe('sqlite');
    expect(parseDatabaseDsn('SQL_DSN', 'postgresql://a@b/c', 'x.db').kind).toBe('postgres');
    expect(parseDatabaseDsn('SQL_DSN', 'mysql://root@127.0.0.1:3306/test', 'x.db').kind).toBe(
      'mysql',
    );
    expect(parseDatabaseDsn('SQL_DSN', 'root:pw@tcp(localhost:3306)/oneapi', 'x.db').kind).toBe(
      'mysql',
    );
  });
});
