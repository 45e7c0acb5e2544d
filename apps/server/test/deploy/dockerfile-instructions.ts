import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the Dockerfile and compose.yaml are. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** One instruction of the Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  argument: string;
  /** The build stage it belongs to (its `AS` name, or its index when unnamed). */
  stage: string;
}

/** The Dockerfile's instructions in order (comments and the parser directive left out). */
export function readDockerfile(): { text: string; instructions: Instruction[] } {
  const text = readFileSync(`${REPOSITORY_ROOT}Dockerfile`, 'utf8');
  const instructions: Instruction[] = [];
  let pending = '';
  let stage = '';
  let stages = 0;
  for (const line of text.split('\n')) {
    if (pending === '' && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    pending += line.trimEnd().replace(/\\$/, ' ');
    if (line.trimEnd().endsWith('\\')) continue;
    const [, keyword = '', argument = ''] = /^\s*(\S+)\s*(.*)$/s.exec(pending) ?? [];
    pending = '';
    if (keyword.toUpperCase() === 'FROM') {
      stage = /\bAS\s+(\S+)\s*$/i.exec(argument)?.[1] ?? String(stages);
      stages += 1;
    }
    instructions.push({ keyword: keyword.toUpperCase(), argument: argument.trim(), stage });
  }
  return { text, instructions };
}

/** The exec-form (JSON array) argument of an instruction such as CMD. */
export function execForm(argument: string): string[] {
  const parsed: unknown = JSON.parse(argument);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec-form argument: ${argument}`);
  }
  return parsed;
}
