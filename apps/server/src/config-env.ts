import { z } from 'zod';

/**
 * Readers of single environment variables for config.ts: each answers the value or its fallback,
 * or throws ConfigError naming the variable and what it must be.
 */

/** Raised for an environment variable that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

export function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

export function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

export function readString(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** A comma-separated list without blank entries (empty when unset). */
export function readList(env: NodeJS.ProcessEnv, name: string): string[] {
  return (readString(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An integer that is off when unset (the periodic jobs). */
export function readOptionalInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  limits: { min?: number; max?: number },
): number | undefined {
  return readString(env, name) === undefined ? undefined : readInteger(env, name, 0, limits);
}

const urlSchema = z.url({ protocol: /^https?$/ });

/** An http(s) URL, or undefined when unset. */
export function readHttpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = readString(env, name);
  if (value !== undefined && !urlSchema.safeParse(value).success) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

/** An http(s) base address without its trailing slashes (the test-only provider addresses). */
export function readBaseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  return readHttpUrl(env, name)?.replace(/\/+$/, '') ?? fallback;
}
