import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A video task's public id (reference §10.1: `task_…`): 32 random letters and digits, so it says
 * nothing of the upstream's id or channel and cannot be guessed.
 */
export function newPublicTaskId(): string {
  let id = 'task_';
  for (let index = 0; index < 32; index += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
