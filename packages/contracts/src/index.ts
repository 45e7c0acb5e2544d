export * from './roles.js';
export * from './users.js';
export * from './option-keys.js';
export * from './status.js';
export * from './tokens.js';
export * from './logs.js';
export * from './channels.js';
export * from './pricing.js';
