import nodemailer from 'nodemailer';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';

/** The SMTP options (System settings → SMTP) and the sender's display name. */
export interface SmtpSettings {
  server: string;
  port: number;
  account: string;
  /** Sender address; the account when empty. */
  from: string;
  /** The account's password or token. */
  token: string;
  /** Implicit TLS from the first byte (also implied by port 465). */
  sslEnabled: boolean;
  /** `SystemName`, shown as the sender's name. */
  systemName: string;
}

/** One email: HTML body; `to` may list several addresses separated by `;`. */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
}

export const SMTP_NOT_CONFIGURED = 'SMTP 服务器未配置';

export function smtpSettings(options: OptionStore): SmtpSettings {
  return {
    server: options.get('SMTPServer').trim(),
    port: options.getNumber('SMTPPort'),
    account: options.get('SMTPAccount').trim(),
    from: options.get('SMTPFrom').trim(),
    token: options.get('SMTPToken'),
    sslEnabled: options.getBoolean('SMTPSSLEnabled'),
    systemName: options.get('SystemName'),
  };
}

/** Microsoft's servers take only LOGIN authentication (new-api's `email-outlook-auth.go`). */
function needsLoginAuth(settings: SmtpSettings): boolean {
  const account = settings.account.toLowerCase();
  return (
    account.includes('outlook') ||
    account.includes('onmicrosoft') ||
    settings.server.toLowerCase() === 'smtp.azurecomm.net'
  );
}

/**
 * Sends one email through the configured SMTP server (reference §12.1, `common/email.go`): port
 * 465 or SMTPSSLEnabled → TLS from the start, otherwise STARTTLS when the server offers it; the
 * server's certificate is verified. Throws "SMTP 服务器未配置" without a server, or the SMTP error.
 */
export async function sendEmail(settings: SmtpSettings, message: EmailMessage): Promise<void> {
  if (settings.server === '') throw failure(SMTP_NOT_CONFIGURED);
  const recipients = message.to
    .split(';')
    .map((address) => address.trim())
    .filter(Boolean);
  if (recipients.length === 0) throw new Error('no email recipient');
  const transport = nodemailer.createTransport({
    host: settings.server,
    port: settings.port,
    secure: settings.port === 465 || settings.sslEnabled,
    auth: settings.account ? { user: settings.account, pass: settings.token } : undefined,
    authMethod: needsLoginAuth(settings) ? 'LOGIN' : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from: { name: settings.systemName, address: settings.from || settings.account },
      to: recipients,
      subject: message.subject,
      html: message.html,
    });
  } finally {
    transport.close();
  }
}
