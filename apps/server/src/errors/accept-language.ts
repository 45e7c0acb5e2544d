/**
 * Reading `Accept-Language` for the language of error messages (the relay's and the console
 * API's). Only the two languages Tollgate words its messages in matter: Chinese and English.
 */

/**
 * The language tags of an `Accept-Language` header, most wanted first (highest q; the header's
 * order among equals), lower-cased; tags with q=0 or an unreadable q are left out.
 */
export function languagesByPreference(acceptLanguage: string | string[] | undefined): string[] {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return [];
  const ranked: { tag: string; quality: number }[] = [];
  for (const item of header.split(',')) {
    const [tag, ...parameters] = item.trim().split(';');
    let quality = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.trim().split('=');
      if (name === 'q') quality = Number(value);
    }
    if (Number.isFinite(quality) && quality > 0) {
      ranked.push({ tag: tag.trim().toLowerCase(), quality });
    }
  }
  // Array.prototype.sort is stable: equals keep the header's order.
  return ranked.sort((a, b) => b.quality - a.quality).map((entry) => entry.tag);
}

function isLanguage(tag: string, language: string): boolean {
  return tag === language || tag.startsWith(`${language}-`);
}

/**
 * Whether an `Accept-Language` header prefers Chinese: its most wanted language (highest q, the
 * first among equals) is `zh` or a `zh-*` variant. Absent, `*` or any other language: English.
 */
export function prefersChinese(acceptLanguage: string | string[] | undefined): boolean {
  const [best] = languagesByPreference(acceptLanguage);
  return best !== undefined && isLanguage(best, 'zh');
}

/**
 * Whether an `Accept-Language` header asks for English rather than Chinese: it names English
 * (`en`, `en-*`) and ranks it above any Chinese. Absent, or naming neither: false.
 */
export function prefersEnglishOverChinese(acceptLanguage: string | string[] | undefined): boolean {
  for (const tag of languagesByPreference(acceptLanguage)) {
    if (isLanguage(tag, 'en')) return true;
    if (isLanguage(tag, 'zh')) return false;
  }
  return false;
}
