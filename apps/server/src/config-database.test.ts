import { describe, expect, it } from 'vitest';
import { readConnectionPool } from './config-database.js';
import { loadConfig } from './config.js';

describe('readConnectionPool (SQL_MAX_OPEN_CONNS, SQL_MAX_IDLE_CONNS, SQL_MAX_LIFETIME)', () => {
  it('defaults to 10 connections per process, all kept idle, renewed every 60 s', () => {
    expect(readConnectionPool({})).toEqual({ maxOpen: 10, maxIdle: 10, maxLifetimeSeconds: 60 });
    expect(loadConfig({}).databasePool).toEqual(readConnectionPool({}));
  });

  it('reads the three variables; 0 idle and 0 lifetime are allowed', () => {
    expect(
      readConnectionPool({
        SQL_MAX_OPEN_CONNS: '40',
        SQL_MAX_IDLE_CONNS: '5',
        SQL_MAX_LIFETIME: '300',
      }),
    ).toEqual({ maxOpen: 40, maxIdle: 5, maxLifetimeSeconds: 300 });
    expect(readConnectionPool({ SQL_MAX_IDLE_CONNS: '0', SQL_MAX_LIFETIME: '0' })).toEqual({
      maxOpen: 10,
      maxIdle: 0,
      maxLifetimeSeconds: 0,
    });
  });

  it('keeps no more idle connections than open ones, as Go does', () => {
    // new-api's defaults (100 idle, 1000 open) copied with a smaller open count.
    expect(
      readConnectionPool({ SQL_MAX_OPEN_CONNS: '20', SQL_MAX_IDLE_CONNS: '100' }).maxIdle,
    ).toBe(20);
    // Unset idle follows the open count.
    expect(readConnectionPool({ SQL_MAX_OPEN_CONNS: '3' }).maxIdle).toBe(3);
  });

  it('refuses values a pool cannot use, naming the variable', () => {
    expect(() => readConnectionPool({ SQL_MAX_OPEN_CONNS: '0' })).toThrow(
      /SQL_MAX_OPEN_CONNS must be between 1 and 1000/,
    );
    expect(() => readConnectionPool({ SQL_MAX_IDLE_CONNS: '-1' })).toThrow(/SQL_MAX_IDLE_CONNS/);
    expect(() => readConnectionPool({ SQL_MAX_LIFETIME: '1m' })).toThrow(
      /SQL_MAX_LIFETIME must be an integer/,
    );
  });
});
