import { sunoAdaptor } from './suno/suno-adaptor.js';
import type { TaskPlatformAdaptor } from './task-platform.js';

/** Every task platform, by its name (the first segment of its routes and `tasks.platform`). */
export const TASK_PLATFORMS: ReadonlyMap<string, TaskPlatformAdaptor> = new Map([
  [sunoAdaptor.platform, sunoAdaptor],
]);
