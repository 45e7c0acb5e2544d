export { default } from './drawing-log-page';
export { default as TaskLogPage } from './task-log-page';
