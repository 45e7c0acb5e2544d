/**
 * The address of a video task's file (`GET /v1/videos/{id}/content`): the console session's
 * cookie alone authorises it for the task's owner, so a `<video>` element can play it.
 */
export function videoContentUrl(taskId: string): string {
  return `/v1/videos/${encodeURIComponent(taskId)}/content`;
}
