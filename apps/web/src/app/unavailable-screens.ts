/**
 * Routes of the console whose screens are not part of this version. Each renders the
 * "not available in this version" page; later work replaces an entry with its real screen.
 * `guarded` follows the route table: guarded routes need a signed-in user.
 */
export interface UnavailableScreen {
  path: string;
  guarded: boolean;
  /** Translation key of the screen's name (namespace `shell`). */
  titleKey: string;
}

// Every screen of the route table is real now; the list stays for screens still to come.
export const unavailableScreens: readonly UnavailableScreen[] = [];
