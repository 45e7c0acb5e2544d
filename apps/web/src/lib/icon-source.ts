/**
 * How a model's or vendor's `icon` text is drawn. Catalogue rows name an icon by a URL (or a
 * data URL) or by a short name such as `OpenAI`; the console has no icon set of its own, so a name
 * is drawn as its initials on a coloured disc.
 */
export type IconSource = { kind: 'image'; src: string } | { kind: 'initials'; text: string };

const imageSource = /^(https?:\/\/|data:image\/)/i;

/** The image to show, or the one or two letters to show instead (from the icon, else the name). */
export function iconSource(icon: string, name: string): IconSource {
  const trimmed = icon.trim();
  if (imageSource.test(trimmed)) return { kind: 'image', src: trimmed };
  const words = (trimmed || name).split(/[\s\-_.:/]+/).filter(Boolean);
  const first = words[0] ?? '';
  const text =
    words.length > 1 ? `${first[0]}${words[1][0]}` : first.slice(0, first.length > 2 ? 1 : 2);
  return { kind: 'initials', text: (text || '?').toUpperCase() };
}
