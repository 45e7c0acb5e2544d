import type { FieldSpec } from '../field-spec';

/** Operation tab: how the site runs day to day. Labels are `settings` translation keys. */
export const generalFields: FieldSpec[] = [
  {
    key: 'TopUpLink',
    kind: 'text',
    label: 'operation.general.topUpLink',
    hint: 'operation.general.topUpLinkHint',
    placeholder: 'placeholders.url',
    url: true,
  },
  {
    key: 'general_setting.docs_link',
    kind: 'text',
    label: 'operation.general.docsLink',
    placeholder: 'placeholders.url',
    url: true,
  },
  {
    key: 'QuotaPerUnit',
    kind: 'number',
    label: 'operation.general.quotaPerUnit',
    hint: 'operation.general.quotaPerUnitHint',
    min: 1,
  },
  {
    key: 'USDExchangeRate',
    kind: 'number',
    label: 'operation.general.usdExchangeRate',
    hint: 'operation.general.usdExchangeRateHint',
    min: 0,
    step: 0.01,
  },
  {
    key: 'RetryTimes',
    kind: 'number',
    label: 'operation.general.retryTimes',
    hint: 'operation.general.retryTimesHint',
    min: 0,
    max: 20,
  },
  {
    key: 'general_setting.ping_interval_seconds',
    kind: 'number',
    label: 'operation.general.pingInterval',
    hint: 'operation.general.pingIntervalHint',
    min: 1,
    max: 3600,
  },
  { key: 'DisplayInCurrencyEnabled', kind: 'switch', label: 'operation.general.displayInCurrency' },
  {
    key: 'DisplayTokenStatEnabled',
    kind: 'switch',
    label: 'operation.general.displayTokenStat',
    hint: 'operation.general.displayTokenStatHint',
  },
  {
    key: 'DefaultCollapseSidebar',
    kind: 'switch',
    label: 'operation.general.defaultCollapseSidebar',
  },
  {
    key: 'general_setting.ping_interval_enabled',
    kind: 'switch',
    label: 'operation.general.pingEnabled',
    hint: 'operation.general.pingEnabledHint',
  },
  { key: 'DemoSiteEnabled', kind: 'switch', label: 'operation.general.demoSite' },
  {
    key: 'SelfUseModeEnabled',
    kind: 'switch',
    label: 'operation.general.selfUseMode',
    hint: 'operation.general.selfUseModeHint',
  },
];

export const drawingFields: FieldSpec[] = [
  { key: 'DrawingEnabled', kind: 'switch', label: 'operation.drawing.enabled' },
  {
    key: 'MjNotifyEnabled',
    kind: 'switch',
    label: 'operation.drawing.notify',
    hint: 'operation.drawing.notifyHint',
  },
  {
    key: 'MjAccountFilterEnabled',
    kind: 'switch',
    label: 'operation.drawing.accountFilter',
    hint: 'operation.drawing.accountFilterHint',
  },
  {
    key: 'MjForwardUrlEnabled',
    kind: 'switch',
    label: 'operation.drawing.forwardUrl',
    hint: 'operation.drawing.forwardUrlHint',
  },
  {
    key: 'MjModeClearEnabled',
    kind: 'switch',
    label: 'operation.drawing.modeClear',
    hint: 'operation.drawing.modeClearHint',
  },
  {
    key: 'MjActionCheckSuccessEnabled',
    kind: 'switch',
    label: 'operation.drawing.actionCheck',
    hint: 'operation.drawing.actionCheckHint',
  },
];

export const sensitiveFields: FieldSpec[] = [
  { key: 'CheckSensitiveEnabled', kind: 'switch', label: 'operation.sensitive.enabled' },
  { key: 'CheckSensitiveOnPromptEnabled', kind: 'switch', label: 'operation.sensitive.onPrompt' },
  {
    key: 'SensitiveWords',
    kind: 'textarea',
    label: 'operation.sensitive.words',
    hint: 'operation.sensitive.wordsHint',
    placeholder: 'operation.sensitive.wordsPlaceholder',
  },
];

export const logFields: FieldSpec[] = [
  {
    key: 'LogConsumeEnabled',
    kind: 'switch',
    label: 'operation.logs.consumeEnabled',
    hint: 'operation.logs.consumeEnabledHint',
  },
  {
    key: 'LogRetentionDays',
    kind: 'number',
    label: 'operation.logs.retentionDays',
    hint: 'operation.logs.retentionDaysHint',
    min: 0,
    max: 36500,
  },
];

export const dashboardFields: FieldSpec[] = [
  {
    key: 'DataExportEnabled',
    kind: 'switch',
    label: 'operation.dashboard.enabled',
    hint: 'operation.dashboard.enabledHint',
  },
  {
    key: 'DataExportInterval',
    kind: 'number',
    label: 'operation.dashboard.interval',
    hint: 'operation.dashboard.intervalHint',
    min: 1,
    max: 1440,
  },
  {
    key: 'DataExportDefaultTime',
    kind: 'select',
    label: 'operation.dashboard.defaultTime',
    hint: 'operation.dashboard.defaultTimeHint',
    choices: [
      { value: 'hour', label: 'operation.dashboard.hour' },
      { value: 'day', label: 'operation.dashboard.day' },
      { value: 'week', label: 'operation.dashboard.week' },
    ],
  },
];

export const monitoringFields: FieldSpec[] = [
  {
    key: 'ChannelDisableThreshold',
    kind: 'number',
    label: 'operation.monitoring.threshold',
    hint: 'operation.monitoring.thresholdHint',
    min: 0,
    step: 0.5,
  },
  {
    key: 'AutomaticDisableChannelEnabled',
    kind: 'switch',
    label: 'operation.monitoring.autoDisable',
  },
  {
    key: 'AutomaticEnableChannelEnabled',
    kind: 'switch',
    label: 'operation.monitoring.autoEnable',
  },
  {
    key: 'AutomaticDisableKeywords',
    kind: 'textarea',
    label: 'operation.monitoring.keywords',
    hint: 'operation.monitoring.keywordsHint',
  },
];

export const quotaFields: FieldSpec[] = [
  { key: 'QuotaForNewUser', kind: 'number', label: 'operation.quota.newUser', min: 0 },
  {
    key: 'PreConsumedQuota',
    kind: 'number',
    label: 'operation.quota.preConsumed',
    hint: 'operation.quota.preConsumedHint',
    min: 0,
  },
  { key: 'QuotaForInviter', kind: 'number', label: 'operation.quota.inviter', min: 0 },
  { key: 'QuotaForInvitee', kind: 'number', label: 'operation.quota.invitee', min: 0 },
  {
    key: 'QuotaRemindThreshold',
    kind: 'number',
    label: 'operation.quota.remindThreshold',
    hint: 'operation.quota.remindThresholdHint',
    min: 0,
  },
];

/** The ratio JSON editors (first ratio sub-tab). */
export const ratioJsonFields: FieldSpec[] = [
  {
    key: 'ModelPrice',
    kind: 'json',
    label: 'ratios.json.modelPrice',
    hint: 'ratios.json.modelPriceHint',
  },
  {
    key: 'ModelRatio',
    kind: 'json',
    label: 'ratios.json.modelRatio',
    hint: 'ratios.json.modelRatioHint',
  },
  {
    key: 'CacheRatio',
    kind: 'json',
    label: 'ratios.json.cacheRatio',
    hint: 'ratios.json.cacheRatioHint',
  },
  {
    key: 'CompletionRatio',
    kind: 'json',
    label: 'ratios.json.completionRatio',
    hint: 'ratios.json.completionRatioHint',
  },
  {
    key: 'GroupRatio',
    kind: 'json',
    label: 'ratios.json.groupRatio',
    hint: 'ratios.json.groupRatioHint',
  },
  {
    key: 'UserUsableGroups',
    kind: 'json',
    label: 'ratios.json.userUsableGroups',
    hint: 'ratios.json.userUsableGroupsHint',
  },
  {
    key: 'GroupGroupRatio',
    kind: 'json',
    label: 'ratios.json.groupGroupRatio',
    hint: 'ratios.json.groupGroupRatioHint',
  },
  {
    key: 'AutoGroups',
    kind: 'json',
    label: 'ratios.json.autoGroups',
    hint: 'ratios.json.autoGroupsHint',
  },
  {
    key: 'DefaultUseAutoGroup',
    kind: 'switch',
    label: 'ratios.json.defaultUseAutoGroup',
    hint: 'ratios.json.defaultUseAutoGroupHint',
  },
];
