import { sectionFields } from '../field-spec';

/** System tab: how the site is reached, paid and signed in to. */
export const serverFields = sectionFields('system.general', [
  {
    key: 'ServerAddress',
    kind: 'text',
    label: 'serverAddress',
    hint: true,
    placeholder: 'placeholders.url',
    url: true,
    wide: true,
  },
]);

export const workerFields = sectionFields('system.worker', [
  {
    key: 'WorkerUrl',
    kind: 'text',
    label: 'url',
    hint: true,
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'WorkerValidKey', kind: 'secret', label: 'key' },
]);

export const paymentFields = sectionFields('system.payment', [
  {
    key: 'PayAddress',
    kind: 'text',
    label: 'address',
    hint: true,
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'EpayId', kind: 'text', label: 'epayId' },
  { key: 'EpayKey', kind: 'secret', label: 'epayKey' },
  { key: 'Price', kind: 'number', label: 'price', hint: true, min: 0, step: 0.01 },
  { key: 'MinTopUp', kind: 'number', label: 'minTopUp', hint: true, min: 0 },
  {
    key: 'CustomCallbackAddress',
    kind: 'text',
    label: 'callbackAddress',
    hint: true,
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'TopupGroupRatio', kind: 'json', label: 'groupRatio', hint: true },
  { key: 'PayMethods', kind: 'json', label: 'methods', hint: true },
]);

/** Stripe Checkout top-ups: the API and webhook secrets stay on the server. */
export const stripeFields = sectionFields('system.stripe', [
  { key: 'StripeApiSecret', kind: 'secret', label: 'apiSecret', hint: true },
  { key: 'StripeWebhookSecret', kind: 'secret', label: 'webhookSecret', hint: true },
  { key: 'StripePriceId', kind: 'text', label: 'priceId', hint: true },
  { key: 'StripeUnitPrice', kind: 'number', label: 'unitPrice', hint: true, min: 0, step: 0.01 },
  { key: 'StripeMinTopUp', kind: 'number', label: 'minTopUp', min: 0 },
  { key: 'StripePromotionCodesEnabled', kind: 'switch', label: 'promotionCodes' },
]);

/** Creem checkout top-ups: fixed products, each crediting a set quota. */
export const creemFields = sectionFields('system.creem', [
  { key: 'CreemApiKey', kind: 'secret', label: 'apiKey' },
  { key: 'CreemWebhookSecret', kind: 'secret', label: 'webhookSecret' },
  { key: 'CreemTestMode', kind: 'switch', label: 'testMode', hint: true },
  { key: 'CreemProducts', kind: 'json', label: 'products', hint: true },
]);

export const loginFields = sectionFields('system.login', [
  { key: 'PasswordLoginEnabled', kind: 'switch', label: 'passwordLogin' },
  { key: 'PasswordRegisterEnabled', kind: 'switch', label: 'passwordRegister' },
  { key: 'EmailVerificationEnabled', kind: 'switch', label: 'emailVerification' },
  { key: 'RegisterEnabled', kind: 'switch', label: 'register' },
  { key: 'GitHubOAuthEnabled', kind: 'switch', label: 'github' },
  { key: 'oidc.enabled', kind: 'switch', label: 'oidc' },
  { key: 'LinuxDOOAuthEnabled', kind: 'switch', label: 'linuxdo' },
  { key: 'discord.enabled', kind: 'switch', label: 'discord' },
  { key: 'WeChatAuthEnabled', kind: 'switch', label: 'wechat' },
  { key: 'TelegramOAuthEnabled', kind: 'switch', label: 'telegram' },
  { key: 'TurnstileCheckEnabled', kind: 'switch', label: 'turnstile' },
]);

export const emailDomainFields = sectionFields('system.emailDomain', [
  { key: 'EmailDomainRestrictionEnabled', kind: 'switch', label: 'restriction', hint: true },
  { key: 'EmailAliasRestrictionEnabled', kind: 'switch', label: 'alias', hint: true },
  {
    key: 'EmailDomainWhitelist',
    kind: 'domains',
    label: 'whitelist',
    hint: true,
    placeholder: 'system.emailDomain.whitelistPlaceholder',
    wide: true,
  },
]);

export const smtpFields = sectionFields('system.smtp', [
  {
    key: 'SMTPServer',
    kind: 'text',
    label: 'server',
    placeholder: 'system.smtp.serverPlaceholder',
  },
  { key: 'SMTPPort', kind: 'number', label: 'port', min: 1, max: 65535 },
  { key: 'SMTPAccount', kind: 'text', label: 'account' },
  { key: 'SMTPFrom', kind: 'text', label: 'from', hint: true },
  { key: 'SMTPToken', kind: 'secret', label: 'token' },
  { key: 'SMTPSSLEnabled', kind: 'switch', label: 'ssl', hint: true },
]);

export const oidcFields = sectionFields('system.oidc', [
  { key: 'oidc.client_id', kind: 'text', label: 'clientId' },
  { key: 'oidc.client_secret', kind: 'secret', label: 'clientSecret' },
  {
    key: 'oidc.well_known',
    kind: 'text',
    label: 'wellKnown',
    hint: true,
    placeholder: 'system.oidc.wellKnownPlaceholder',
    url: true,
    wide: true,
  },
  { key: 'oidc.authorization_endpoint', kind: 'text', label: 'authorization', url: true },
  { key: 'oidc.token_endpoint', kind: 'text', label: 'token', url: true },
  { key: 'oidc.user_info_endpoint', kind: 'text', label: 'userInfo', url: true },
]);

export const githubFields = sectionFields('system.github', [
  { key: 'GitHubClientId', kind: 'text', label: 'clientId' },
  { key: 'GitHubClientSecret', kind: 'secret', label: 'clientSecret' },
]);

export const linuxdoFields = sectionFields('system.linuxdo', [
  { key: 'LinuxDOClientId', kind: 'text', label: 'clientId' },
  { key: 'LinuxDOClientSecret', kind: 'secret', label: 'clientSecret' },
]);

export const discordFields = sectionFields('system.discord', [
  { key: 'discord.client_id', kind: 'text', label: 'clientId' },
  { key: 'discord.client_secret', kind: 'secret', label: 'clientSecret' },
]);

export const wechatFields = sectionFields('system.wechat', [
  {
    key: 'WeChatServerAddress',
    kind: 'text',
    label: 'server',
    placeholder: 'placeholders.url',
    url: true,
  },
  { key: 'WeChatServerToken', kind: 'secret', label: 'token' },
  {
    key: 'WeChatAccountQRCodeImageURL',
    kind: 'text',
    label: 'qrCode',
    placeholder: 'placeholders.url',
  },
]);

export const telegramFields = sectionFields('system.telegram', [
  { key: 'TelegramBotToken', kind: 'secret', label: 'token' },
  { key: 'TelegramBotName', kind: 'text', label: 'name' },
]);

/** Passkeys: texts in the passkeys namespace, next to the feature's own. */
export const passkeyFields = sectionFields('passkeys:settings', [
  { key: 'passkey.enabled', kind: 'switch', label: 'enabled' },
  { key: 'passkey.rp_display_name', kind: 'text', label: 'rpDisplayName', hint: true },
  { key: 'passkey.rp_id', kind: 'text', label: 'rpId', hint: true },
  { key: 'passkey.origins', kind: 'text', label: 'origins', hint: true, wide: true },
  {
    key: 'passkey.allow_insecure_origin',
    kind: 'switch',
    label: 'allowInsecureOrigin',
    hint: true,
  },
  {
    key: 'passkey.user_verification',
    kind: 'select',
    label: 'userVerification',
    hint: true,
    choices: [
      { value: 'preferred', label: 'passkeys:settings.uvPreferred' },
      { value: 'required', label: 'passkeys:settings.uvRequired' },
      { value: 'discouraged', label: 'passkeys:settings.uvDiscouraged' },
    ],
  },
  {
    key: 'passkey.attachment_preference',
    kind: 'select',
    label: 'attachment',
    choices: [
      { value: '', label: 'passkeys:settings.attachmentAny' },
      { value: 'platform', label: 'passkeys:settings.attachmentPlatform' },
      { value: 'cross-platform', label: 'passkeys:settings.attachmentCrossPlatform' },
    ],
  },
]);

export const turnstileFields = sectionFields('system.turnstile', [
  { key: 'TurnstileSiteKey', kind: 'text', label: 'siteKey' },
  { key: 'TurnstileSecretKey', kind: 'secret', label: 'secretKey' },
]);
