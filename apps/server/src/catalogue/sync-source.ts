/**
 * Where the official metadata is read: `<base>/api/newapi/{models,vendors}.json`, or the
 * translated files `<base>/api/i18n/<locale>/newapi/…` for the locales the source publishes.
 */

/** The translated locales, spelled as in the source's paths. */
export const SYNC_LOCALES: readonly string[] = ['en', 'zh-CN', 'zh-TW', 'ja'];

/** The files one sync reads, as the answers report them. */
export interface SyncSource {
  /** The locale whose files were read ('' = the untranslated files). */
  locale: string;
  models_url: string;
  vendors_url: string;
}

/**
 * The published locale a request names, matched without regard to case or `_`/`-` (`zh-cn`,
 * `zh_CN` → `zh-CN`), or '' when it names none. new-api lower-cases the locale before comparing
 * it with mixed-case names, so its `zh-CN` and `zh-TW` never match (docs/compatibility.md).
 */
export function publishedLocale(requested: string): string {
  const wanted = requested.trim().replace('_', '-').toLowerCase();
  return SYNC_LOCALES.find((locale) => locale.toLowerCase() === wanted) ?? '';
}

export function syncSource(base: string, requestedLocale: string): SyncSource {
  const locale = publishedLocale(requestedLocale);
  const folder = locale === '' ? `${base}/api/newapi` : `${base}/api/i18n/${locale}/newapi`;
  return { locale, models_url: `${folder}/models.json`, vendors_url: `${folder}/vendors.json` };
}
