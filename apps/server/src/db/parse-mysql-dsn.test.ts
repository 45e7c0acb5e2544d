import { describe, expect, it } from 'vitest';

import { InvalidDsnError, parseGoDuration, parseMysqlDsn } from './parse-mysql-dsn.js';

describe('parseMysqlDsn, Go driver form', () => {
  it('reads the form new-api documents', () => {
    expect(parseMysqlDsn('root:123456@tcp(localhost:3306)/oneapi')).toEqual({
      user: 'root',
      password: '123456',
      host: 'localhost',
      port: 3306,
      database: 'oneapi',
    });
  });

  it('keeps "@", ":" and "/" inside the password', () => {
    expect(parseMysqlDsn('app:p@ss:w/rd@tcp(db.internal:3307)/new-api')).toMatchObject({
      user: 'app',
      password: 'p@ss:w/rd',
      host: 'db.internal',
      port: 3307,
      database: 'new-api',
    });
  });

  it('maps charset, collation, timeout and tls, and ignores Go-only parameters', () => {
    const options = parseMysqlDsn(
      'u:p@tcp(10.0.0.5:3306)/db?charset=utf8mb4,utf8&parseTime=true&loc=Local&timeout=1m30s&tls=skip-verify',
    );
    expect(options).toMatchObject({
      host: '10.0.0.5',
      charset: 'UTF8MB4',
      connectTimeout: 90_000,
      ssl: { rejectUnauthorized: false },
    });
    expect(parseMysqlDsn('u@tcp(h)/db?collation=utf8mb4_unicode_ci').charset).toBe(
      'UTF8MB4_UNICODE_CI',
    );
    expect(parseMysqlDsn('u@tcp(h)/db?tls=true').ssl).toEqual({ rejectUnauthorized: true });
    expect(parseMysqlDsn('u@tcp(h)/db?tls=preferred').ssl).toBeUndefined();
  });

  it('defaults the address and accepts IPv6, unix sockets and missing credentials', () => {
    expect(parseMysqlDsn('/db')).toEqual({ host: 'localhost', port: 3306, database: 'db' });
    expect(parseMysqlDsn('user@tcp/db')).toEqual({
      user: 'user',
      host: 'localhost',
      port: 3306,
      database: 'db',
    });
    expect(parseMysqlDsn('u:p@tcp([::1]:3310)/db')).toMatchObject({ host: '::1', port: 3310 });
    expect(parseMysqlDsn('u:p@tcp(dbhost)/db')).toMatchObject({ host: 'dbhost', port: 3306 });
    expect(parseMysqlDsn('u:p@unix(/run/mysqld/mysqld.sock)/db')).toEqual({
      user: 'u',
      password: 'p',
      socketPath: '/run/mysqld/mysqld.sock',
      database: 'db',
    });
  });

  it('rejects unparseable DSNs with a message that does not repeat the password', () => {
    const cases = [
      ['root:secret@tcp(localhost:3306)', /missing "\/"/],
      ['root:secret@tcp(localhost:3306/db', /closing "\)"/],
      ['root:secret@udp(localhost:3306)/db', /unsupported protocol "udp"/],
      ['root:secret@tcp(localhost:port)/db', /port is not a number/],
      ['root:secret@tcp(h)/db?timeout=soon', /Go duration/],
      ['root:secret@tcp(h)/db?tls=custom', /unsupported tls/],
      ['   ', /empty/],
    ] as const;
    for (const [dsn, message] of cases) {
      let caught: unknown;
      try {
        parseMysqlDsn(dsn);
      } catch (error) {
        caught = error;
      }
      expect(caught, dsn).toBeInstanceOf(InvalidDsnError);
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).not.toContain('secret');
    }
  });
});

describe('parseMysqlDsn, URL form', () => {
  it('reads user, password, host, port, database and parameters', () => {
    expect(parseMysqlDsn('mysql://root:p%40ss@127.0.0.1:3307/tollgate?charset=utf8mb4')).toEqual({
      user: 'root',
      password: 'p@ss',
      host: '127.0.0.1',
      port: 3307,
      database: 'tollgate',
      charset: 'UTF8MB4',
    });
    expect(parseMysqlDsn('mysql://root@127.0.0.1/test')).toEqual({
      user: 'root',
      host: '127.0.0.1',
      port: 3306,
      database: 'test',
    });
  });

  it('rejects a malformed URL', () => {
    expect(() => parseMysqlDsn('mysql://root@:bad:port/db')).toThrow(InvalidDsnError);
  });
});

describe('parseGoDuration', () => {
  it('sums the units', () => {
    expect(parseGoDuration('500ms')).toBe(500);
    expect(parseGoDuration('2h1m1s')).toBe(7_261_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
  });
});
