import { sectionFields } from '../field-spec';

/** Operation tab: how the site runs day to day. Labels are `settings` translation keys. */
export const generalFields = sectionFields('operation.general', [
  {
    key: 'TopUpLink',
    kind: 'text',
    label: 'topUpLink',
    hint: true,
    placeholder: 'placeholders.url',
    url: true,
  },
  {
    key: 'general_setting.docs_link',
    kind: 'text',
    label: 'docsLink',
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'QuotaPerUnit', kind: 'number', label: 'quotaPerUnit', hint: true, min: 1 },
  {
    key: 'USDExchangeRate',
    kind: 'number',
    label: 'usdExchangeRate',
    hint: true,
    min: 0,
    step: 0.01,
  },
  { key: 'RetryTimes', kind: 'number', label: 'retryTimes', hint: true, min: 0, max: 20 },
  {
    key: 'general_setting.ping_interval_seconds',
    kind: 'number',
    label: 'pingInterval',
    hint: true,
    min: 1,
    max: 3600,
  },
  { key: 'DisplayInCurrencyEnabled', kind: 'switch', label: 'displayInCurrency' },
  { key: 'DisplayTokenStatEnabled', kind: 'switch', label: 'displayTokenStat', hint: true },
  { key: 'DefaultCollapseSidebar', kind: 'switch', label: 'defaultCollapseSidebar' },
  {
    key: 'general_setting.ping_interval_enabled',
    kind: 'switch',
    label: 'pingEnabled',
    hint: true,
  },
  { key: 'DemoSiteEnabled', kind: 'switch', label: 'demoSite' },
  { key: 'SelfUseModeEnabled', kind: 'switch', label: 'selfUseMode', hint: true },
  { key: 'TokenKeysInLists', kind: 'switch', label: 'tokenKeysInLists', hint: true },
]);

export const drawingFields = sectionFields('operation.drawing', [
  { key: 'DrawingEnabled', kind: 'switch', label: 'enabled' },
  { key: 'MjNotifyEnabled', kind: 'switch', label: 'notify', hint: true },
  { key: 'MjAccountFilterEnabled', kind: 'switch', label: 'accountFilter', hint: true },
  { key: 'MjForwardUrlEnabled', kind: 'switch', label: 'forwardUrl', hint: true },
  { key: 'MjModeClearEnabled', kind: 'switch', label: 'modeClear', hint: true },
  { key: 'MjActionCheckSuccessEnabled', kind: 'switch', label: 'actionCheck', hint: true },
]);

export const sensitiveFields = sectionFields('operation.sensitive', [
  { key: 'CheckSensitiveEnabled', kind: 'switch', label: 'enabled' },
  { key: 'CheckSensitiveOnPromptEnabled', kind: 'switch', label: 'onPrompt' },
  {
    key: 'SensitiveWords',
    kind: 'textarea',
    label: 'words',
    hint: true,
    placeholder: 'operation.sensitive.wordsPlaceholder',
  },
]);

export const logFields = sectionFields('operation.logs', [
  { key: 'LogConsumeEnabled', kind: 'switch', label: 'consumeEnabled', hint: true },
  {
    key: 'LogRetentionDays',
    kind: 'number',
    label: 'retentionDays',
    hint: true,
    min: 0,
    max: 36500,
  },
]);

export const dashboardFields = sectionFields('operation.dashboard', [
  { key: 'DataExportEnabled', kind: 'switch', label: 'enabled', hint: true },
  { key: 'DataExportInterval', kind: 'number', label: 'interval', hint: true, min: 1, max: 1440 },
  {
    key: 'DataExportDefaultTime',
    kind: 'select',
    label: 'defaultTime',
    hint: true,
    choices: [
      { value: 'hour', label: 'operation.dashboard.hour' },
      { value: 'day', label: 'operation.dashboard.day' },
      { value: 'week', label: 'operation.dashboard.week' },
    ],
  },
]);

export const monitoringFields = sectionFields('operation.monitoring', [
  {
    key: 'ChannelDisableThreshold',
    kind: 'number',
    label: 'threshold',
    hint: true,
    min: 0,
    step: 0.5,
  },
  { key: 'AutomaticDisableChannelEnabled', kind: 'switch', label: 'autoDisable' },
  { key: 'AutomaticEnableChannelEnabled', kind: 'switch', label: 'autoEnable' },
  { key: 'AutomaticDisableKeywords', kind: 'textarea', label: 'keywords', hint: true },
]);

export const quotaFields = sectionFields('operation.quota', [
  { key: 'QuotaForNewUser', kind: 'number', label: 'newUser', min: 0 },
  { key: 'PreConsumedQuota', kind: 'number', label: 'preConsumed', hint: true, min: 0 },
  { key: 'QuotaForInviter', kind: 'number', label: 'inviter', min: 0 },
  { key: 'QuotaForInvitee', kind: 'number', label: 'invitee', min: 0 },
  { key: 'QuotaRemindThreshold', kind: 'number', label: 'remindThreshold', hint: true, min: 0 },
]);

/** The ratio JSON editors (first ratio sub-tab). */
export const ratioJsonFields = sectionFields('ratios.json', [
  { key: 'ModelPrice', kind: 'json', label: 'modelPrice', hint: true },
  { key: 'ModelRatio', kind: 'json', label: 'modelRatio', hint: true },
  { key: 'CacheRatio', kind: 'json', label: 'cacheRatio', hint: true },
  { key: 'CompletionRatio', kind: 'json', label: 'completionRatio', hint: true },
  { key: 'GroupRatio', kind: 'json', label: 'groupRatio', hint: true },
  { key: 'UserUsableGroups', kind: 'json', label: 'userUsableGroups', hint: true },
  { key: 'GroupGroupRatio', kind: 'json', label: 'groupGroupRatio', hint: true },
  { key: 'AutoGroups', kind: 'json', label: 'autoGroups', hint: true },
  { key: 'DefaultUseAutoGroup', kind: 'switch', label: 'defaultUseAutoGroup', hint: true },
  { key: 'ModelFallbacks', kind: 'json', label: 'modelFallbacks', hint: true },
  { key: 'GroupModelFallbacks', kind: 'json', label: 'groupModelFallbacks', hint: true },
]);

/** The daily check-in (new-api 1.0's `checkin_setting.*`); the card shows on the personal page. */
export const checkinFields = sectionFields('operation.checkin', [
  { key: 'checkin_setting.enabled', kind: 'switch', label: 'enabled', hint: true },
  { key: 'checkin_setting.min_quota', kind: 'number', label: 'minQuota', min: 0 },
  { key: 'checkin_setting.max_quota', kind: 'number', label: 'maxQuota', hint: true, min: 0 },
]);
