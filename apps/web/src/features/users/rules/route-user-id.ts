/**
 * The user id in `/user/edit/{id}`: a positive whole number written in plain digits, else null
 * (the page then says the user cannot be loaded instead of asking the server for it).
 */
export function parseRouteUserId(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
