export * from './roles.js';
export * from './users.js';
export * from './option-keys.js';
export * from './status.js';
