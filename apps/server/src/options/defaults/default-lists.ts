/** Small list-like defaults of the option catalogue. */

/** Channel auto-disable phrases (matched case-insensitively against upstream error messages). */
export const DEFAULT_AUTOMATIC_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

/** Pay methods offered when none are configured; `type` is the value posted as `payment_method`. */
export const DEFAULT_PAY_METHODS = [
  { name: '支付宝', color: 'rgba(var(--semi-blue-5), 1)', type: 'zfb' },
  { name: '微信', color: 'rgba(var(--semi-green-5), 1)', type: 'wx' },
];

export const DEFAULT_EMAIL_DOMAIN_WHITELIST =
  'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com';
