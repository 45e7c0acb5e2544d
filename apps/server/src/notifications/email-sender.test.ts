import { afterEach, describe, expect, it } from 'vitest';
import {
  SMTP_ACCOUNT,
  SMTP_PASSWORD,
  startSmtpPeer,
  type SmtpPeer,
} from '../../test/support/notification-peers.js';
import { sendEmail, SMTP_NOT_CONFIGURED, type SmtpSettings } from './email-sender.js';

const peers: SmtpPeer[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

async function startSmtp(secure = false): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(secure);
  peers.push(peer);
  return peer;
}

function settings(port: number, fields: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    server: '127.0.0.1',
    port,
    account: SMTP_ACCOUNT,
    from: 'noreply@example.com',
    token: SMTP_PASSWORD,
    sslEnabled: false,
    systemName: 'Tollgate 网关',
    ...fields,
  };
}

describe('email sender', () => {
  it('signs in and sends an HTML mail with the site name as sender', async () => {
    const smtp = await startSmtp();
    await sendEmail(settings(smtp.port), {
      to: 'a@example.com; b@example.com',
      subject: '您的额度即将用尽',
      html: '<p>余额 <b>1</b></p>',
    });
    expect(smtp.delivered).toHaveLength(1);
    const [mail] = smtp.delivered;
    expect(mail.user).toBe('mailer@example.com');
    expect(mail.from).toBe('noreply@example.com');
    expect(mail.to).toEqual(['a@example.com', 'b@example.com']);
    expect(mail.mail.subject).toBe('您的额度即将用尽');
    expect(mail.mail.from?.value[0]).toEqual({
      name: 'Tollgate 网关',
      address: 'noreply@example.com',
    });
    expect(mail.mail.html).toContain('<p>余额 <b>1</b></p>');
    expect(mail.mail.messageId).toMatch(/^<.+@.+>$/);
  });

  it('sends from the account when SMTPFrom is empty, and reports a refused login', async () => {
    const smtp = await startSmtp();
    await sendEmail(settings(smtp.port, { from: '' }), {
      to: 'a@example.com',
      subject: 's',
      html: 'h',
    });
    expect(smtp.delivered[0].from).toBe('mailer@example.com');
    await expect(
      sendEmail(settings(smtp.port, { token: 'wrong' }), {
        to: 'a@example.com',
        subject: 's',
        html: 'h',
      }),
    ).rejects.toThrow(/Invalid username or password/);
  });

  it('speaks TLS from the start with SMTPSSLEnabled and verifies the certificate', async () => {
    const smtp = await startSmtp(true);
    // The test server's certificate is self-signed: refused rather than trusted blindly.
    await expect(
      sendEmail(settings(smtp.port, { sslEnabled: true }), {
        to: 'a@example.com',
        subject: 's',
        html: 'h',
      }),
    ).rejects.toThrow(/certificate/i);
    expect(smtp.delivered).toHaveLength(0);
  });

  it('refuses to send without an SMTP server', async () => {
    await expect(
      sendEmail(settings(25, { server: '' }), { to: 'a@example.com', subject: 's', html: 'h' }),
    ).rejects.toThrow(SMTP_NOT_CONFIGURED);
  });
});
