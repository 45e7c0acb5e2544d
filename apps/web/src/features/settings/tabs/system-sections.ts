import type { FieldSpec } from '../field-spec';

/** System tab: how the site is reached, paid and signed in to. */
export const serverFields: FieldSpec[] = [
  {
    key: 'ServerAddress',
    kind: 'text',
    label: 'system.general.serverAddress',
    hint: 'system.general.serverAddressHint',
    placeholder: 'placeholders.url',
    url: true,
    wide: true,
  },
];

export const workerFields: FieldSpec[] = [
  {
    key: 'WorkerUrl',
    kind: 'text',
    label: 'system.worker.url',
    hint: 'system.worker.urlHint',
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'WorkerValidKey', kind: 'secret', label: 'system.worker.key' },
];

export const paymentFields: FieldSpec[] = [
  {
    key: 'PayAddress',
    kind: 'text',
    label: 'system.payment.address',
    hint: 'system.payment.addressHint',
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'EpayId', kind: 'text', label: 'system.payment.epayId' },
  { key: 'EpayKey', kind: 'secret', label: 'system.payment.epayKey' },
  {
    key: 'Price',
    kind: 'number',
    label: 'system.payment.price',
    hint: 'system.payment.priceHint',
    min: 0,
    step: 0.01,
  },
  {
    key: 'MinTopUp',
    kind: 'number',
    label: 'system.payment.minTopUp',
    hint: 'system.payment.minTopUpHint',
    min: 0,
  },
  {
    key: 'CustomCallbackAddress',
    kind: 'text',
    label: 'system.payment.callbackAddress',
    hint: 'system.payment.callbackAddressHint',
    placeholder: 'placeholders.url',
    url: true,
  },
  {
    key: 'TopupGroupRatio',
    kind: 'json',
    label: 'system.payment.groupRatio',
    hint: 'system.payment.groupRatioHint',
  },
  {
    key: 'PayMethods',
    kind: 'json',
    label: 'system.payment.methods',
    hint: 'system.payment.methodsHint',
  },
];

export const loginFields: FieldSpec[] = [
  { key: 'PasswordLoginEnabled', kind: 'switch', label: 'system.login.passwordLogin' },
  { key: 'PasswordRegisterEnabled', kind: 'switch', label: 'system.login.passwordRegister' },
  { key: 'EmailVerificationEnabled', kind: 'switch', label: 'system.login.emailVerification' },
  { key: 'RegisterEnabled', kind: 'switch', label: 'system.login.register' },
  { key: 'GitHubOAuthEnabled', kind: 'switch', label: 'system.login.github' },
  { key: 'oidc.enabled', kind: 'switch', label: 'system.login.oidc' },
  { key: 'LinuxDOOAuthEnabled', kind: 'switch', label: 'system.login.linuxdo' },
  { key: 'WeChatAuthEnabled', kind: 'switch', label: 'system.login.wechat' },
  { key: 'TelegramOAuthEnabled', kind: 'switch', label: 'system.login.telegram' },
  { key: 'TurnstileCheckEnabled', kind: 'switch', label: 'system.login.turnstile' },
];

export const emailDomainFields: FieldSpec[] = [
  {
    key: 'EmailDomainRestrictionEnabled',
    kind: 'switch',
    label: 'system.emailDomain.restriction',
    hint: 'system.emailDomain.restrictionHint',
  },
  {
    key: 'EmailAliasRestrictionEnabled',
    kind: 'switch',
    label: 'system.emailDomain.alias',
    hint: 'system.emailDomain.aliasHint',
  },
  {
    key: 'EmailDomainWhitelist',
    kind: 'domains',
    label: 'system.emailDomain.whitelist',
    hint: 'system.emailDomain.whitelistHint',
    placeholder: 'system.emailDomain.whitelistPlaceholder',
    wide: true,
  },
];

export const smtpFields: FieldSpec[] = [
  {
    key: 'SMTPServer',
    kind: 'text',
    label: 'system.smtp.server',
    placeholder: 'system.smtp.serverPlaceholder',
  },
  { key: 'SMTPPort', kind: 'number', label: 'system.smtp.port', min: 1, max: 65535 },
  { key: 'SMTPAccount', kind: 'text', label: 'system.smtp.account' },
  { key: 'SMTPFrom', kind: 'text', label: 'system.smtp.from', hint: 'system.smtp.fromHint' },
  { key: 'SMTPToken', kind: 'secret', label: 'system.smtp.token' },
  { key: 'SMTPSSLEnabled', kind: 'switch', label: 'system.smtp.ssl', hint: 'system.smtp.sslHint' },
];

export const oidcFields: FieldSpec[] = [
  { key: 'oidc.client_id', kind: 'text', label: 'system.oidc.clientId' },
  { key: 'oidc.client_secret', kind: 'secret', label: 'system.oidc.clientSecret' },
  {
    key: 'oidc.well_known',
    kind: 'text',
    label: 'system.oidc.wellKnown',
    hint: 'system.oidc.wellKnownHint',
    placeholder: 'system.oidc.wellKnownPlaceholder',
    url: true,
    wide: true,
  },
  {
    key: 'oidc.authorization_endpoint',
    kind: 'text',
    label: 'system.oidc.authorization',
    url: true,
  },
  { key: 'oidc.token_endpoint', kind: 'text', label: 'system.oidc.token', url: true },
  { key: 'oidc.user_info_endpoint', kind: 'text', label: 'system.oidc.userInfo', url: true },
];

export const githubFields: FieldSpec[] = [
  { key: 'GitHubClientId', kind: 'text', label: 'system.github.clientId' },
  { key: 'GitHubClientSecret', kind: 'secret', label: 'system.github.clientSecret' },
];

export const linuxdoFields: FieldSpec[] = [
  { key: 'LinuxDOClientId', kind: 'text', label: 'system.linuxdo.clientId' },
  { key: 'LinuxDOClientSecret', kind: 'secret', label: 'system.linuxdo.clientSecret' },
];

export const wechatFields: FieldSpec[] = [
  {
    key: 'WeChatServerAddress',
    kind: 'text',
    label: 'system.wechat.server',
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'WeChatServerToken', kind: 'secret', label: 'system.wechat.token' },
  {
    key: 'WeChatAccountQRCodeImageURL',
    kind: 'text',
    label: 'system.wechat.qrCode',
    placeholder: 'placeholders.url',
  },
];

export const telegramFields: FieldSpec[] = [
  { key: 'TelegramBotToken', kind: 'secret', label: 'system.telegram.token' },
  { key: 'TelegramBotName', kind: 'text', label: 'system.telegram.name' },
];

export const turnstileFields: FieldSpec[] = [
  { key: 'TurnstileSiteKey', kind: 'text', label: 'system.turnstile.siteKey' },
  { key: 'TurnstileSecretKey', kind: 'secret', label: 'system.turnstile.secretKey' },
];
