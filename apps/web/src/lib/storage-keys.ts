/**
 * Every localStorage key the console reads or writes, in one place. The names match the reference
 * console so that an existing browser profile keeps its preferences after the switch.
 */
export const storageKeys = {
  user: 'user',
  status: 'status',
  systemName: 'system_name',
  logo: 'logo',
  footerHtml: 'footer_html',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  enableDataExport: 'enable_data_export',
  chats: 'chats',
  payMethods: 'pay_methods',
  dataExportDefaultTime: 'data_export_default_time',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  mjNotifyEnabled: 'mj_notify_enabled',
  docsLink: 'docs_link',
  chatLink: 'chat_link',
  chatLink2: 'chat_link2',
  themeMode: 'theme-mode',
  language: 'i18nextLng',
  pageSize: 'page-size',
  affiliateCode: 'aff',
  notice: 'notice',
  homePageContent: 'home_page_content',
  about: 'about',
} as const;

/** Key under which a data table remembers which of its columns are visible. */
export function columnPreferenceKey(tableKey: string): string {
  return `${tableKey}-columns`;
}
