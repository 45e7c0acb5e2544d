/**
 * Parses the MySQL `SQL_DSN` forms a new-api deployment may already use into mysql2 connection options:
 * - the Go driver form `user:password@tcp(host:port)/dbname?param=value` (also `unix(/path.sock)`, or no
 *   protocol at all for localhost:3306), as documented by go-sql-driver/mysql;
 * - a `mysql://user:password@host:port/dbname?param=value` URL.
 * Understood parameters: `charset`, `collation`, `timeout`, `tls`; Go-only ones (`parseTime`, `loc`, ...) are
 * ignored. Errors never repeat the DSN, which usually holds a password.
 */

/** The subset of mysql2 connection options a DSN can set. */
export interface MysqlConnectionOptions {
  host?: string;
  port?: number;
  socketPath?: string;
  user?: string;
  password?: string;
  database?: string;
  /** mysql2 takes a charset or collation name here. */
  charset?: string;
  connectTimeout?: number;
  ssl?: { rejectUnauthorized: boolean };
}

/** Thrown for a DSN that cannot be understood. */
export class InvalidDsnError extends Error {
  constructor(problem: string) {
    super(
      `SQL_DSN is not a valid MySQL DSN (${problem}); expected ` +
        '"user:password@tcp(host:port)/dbname" or "mysql://user:password@host:port/dbname"',
    );
    this.name = 'InvalidDsnError';
  }
}

/** Parses either MySQL DSN form. */
export function parseMysqlDsn(dsn: string): MysqlConnectionOptions {
  const trimmed = dsn.trim();
  if (trimmed === '') throw new InvalidDsnError('it is empty');
  return /^mysql:\/\//i.test(trimmed) ? parseMysqlUrl(trimmed) : parseGoMysqlDsn(trimmed);
}

function parseMysqlUrl(dsn: string): MysqlConnectionOptions {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new InvalidDsnError('the mysql:// URL cannot be parsed');
  }
  const options: MysqlConnectionOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: url.port === '' ? 3306 : Number(url.port),
  };
  if (url.username !== '') options.user = decodeURIComponent(url.username);
  if (url.password !== '') options.password = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database.includes('/')) throw new InvalidDsnError('the database name contains "/"');
  if (database !== '') options.database = database;
  return applyParameters(options, url.searchParams);
}

function parseGoMysqlDsn(dsn: string): MysqlConnectionOptions {
  // Like the Go driver: the last "/" separates the database (the password or address may contain "/").
  const slash = dsn.lastIndexOf('/');
  if (slash < 0) throw new InvalidDsnError('missing "/" before the database name');
  const head = dsn.slice(0, slash);
  const tail = dsn.slice(slash + 1);
  const questionMark = tail.indexOf('?');
  const database = questionMark < 0 ? tail : tail.slice(0, questionMark);
  const query = questionMark < 0 ? '' : tail.slice(questionMark + 1);

  const at = head.lastIndexOf('@');
  const userInfo = at < 0 ? '' : head.slice(0, at);
  const endpoint = at < 0 ? head : head.slice(at + 1);

  const options: MysqlConnectionOptions = {};
  if (userInfo !== '') {
    const colon = userInfo.indexOf(':');
    options.user = colon < 0 ? userInfo : userInfo.slice(0, colon);
    if (colon >= 0) options.password = userInfo.slice(colon + 1);
  }
  Object.assign(options, parseEndpoint(endpoint));
  if (database !== '') options.database = safeDecode(database, 'database name');
  return applyParameters(options, new URLSearchParams(query));
}

/** `tcp(host:port)`, `unix(/path)`, `tcp`, or empty (localhost:3306). */
function parseEndpoint(endpoint: string): MysqlConnectionOptions {
  if (endpoint === '') return { host: 'localhost', port: 3306 };
  const open = endpoint.indexOf('(');
  const protocol = open < 0 ? endpoint : endpoint.slice(0, open);
  let address = '';
  if (open >= 0) {
    if (!endpoint.endsWith(')'))
      throw new InvalidDsnError('the address is missing its closing ")"');
    address = endpoint.slice(open + 1, -1);
  }
  if (protocol === 'unix') {
    if (address === '') throw new InvalidDsnError('unix() needs a socket path');
    return { socketPath: address };
  }
  if (protocol !== 'tcp') throw new InvalidDsnError(`unsupported protocol "${protocol}"`);
  if (address === '') return { host: 'localhost', port: 3306 };
  return parseHostPort(address);
}

function parseHostPort(address: string): MysqlConnectionOptions {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (bracketed) return { host: bracketed[1], port: bracketed[2] ? Number(bracketed[2]) : 3306 };
  const colon = address.lastIndexOf(':');
  if (colon < 0) return { host: address, port: 3306 };
  const port = address.slice(colon + 1);
  if (!/^\d{1,5}$/.test(port)) throw new InvalidDsnError('the port is not a number');
  return { host: address.slice(0, colon) || 'localhost', port: Number(port) };
}

function applyParameters(
  options: MysqlConnectionOptions,
  parameters: URLSearchParams,
): MysqlConnectionOptions {
  const charset = parameters.get('charset');
  // Go accepts a comma-separated preference list; the first entry is what it tries first.
  if (charset) options.charset = charset.split(',')[0].trim().toUpperCase();
  const collation = parameters.get('collation');
  if (collation) options.charset = collation.toUpperCase();
  const timeout = parameters.get('timeout');
  if (timeout) options.connectTimeout = parseGoDuration(timeout);
  const tls = parameters.get('tls');
  if (tls === 'true') options.ssl = { rejectUnauthorized: true };
  else if (tls === 'skip-verify') options.ssl = { rejectUnauthorized: false };
  // Go's "preferred" is opportunistic and unverified; mysql2 cannot fall back, so plain is the safe match.
  else if (tls !== null && tls !== 'false' && tls !== 'preferred') {
    throw new InvalidDsnError(`unsupported tls value "${tls}" (use true, skip-verify or false)`);
  }
  return options;
}

/** Go duration ("5s", "1m30s", "500ms") to milliseconds. */
export function parseGoDuration(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) {
    throw new InvalidDsnError(`the timeout "${text}" is not a Go duration such as 10s`);
  }
  return parts.reduce((total, part) => total + Number(part[1]) * units[part[2]], 0);
}

function safeDecode(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new InvalidDsnError(`the ${what} is not valid percent-encoding`);
  }
}
