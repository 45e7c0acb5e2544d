import {
  NOTIFICATION_VALUE_PLACEHOLDER as placeholder,
  type WebhookNotificationBody,
} from '@tollgate/contracts';
import { Collapse, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a quota warning looks like on the wire (reference §12.1); shown as an example. */
const sampleBody = JSON.stringify(
  {
    type: 'quota_exceed',
    title: '您的额度即将用尽',
    content: `${placeholder}，当前剩余额度为 ${placeholder}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='${placeholder}'>${placeholder}</a>`,
    values: ['您的额度即将用尽', '$0.18', 'https://example.com/topup', 'https://example.com/topup'],
    timestamp: 1739950503,
  } satisfies WebhookNotificationBody,
  null,
  2,
);

/** Names with what they mean, one per line; wraps on a phone where a two-column table cannot. */
function FieldList({ entries }: { entries: [name: string, meaning: string][] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {entries.map(([name, meaning]) => (
        <li key={name} style={{ marginBottom: 4 }}>
          <Typography.Text code>{name}</Typography.Text> {meaning}
        </li>
      ))}
    </ul>
  );
}

/**
 * How the server calls the webhook: a JSON POST with type, title, content, values and
 * timestamp; with a secret, a Bearer authorization header and an HMAC-SHA256 signature header.
 * Collapsed until asked for.
 */
export function WebhookBodyHelp() {
  const { t } = useTranslation('personal');
  const { token } = theme.useToken();

  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'body',
          label: t('webhook.title'),
          children: (
            <>
              <Typography.Paragraph>{t('webhook.intro')}</Typography.Paragraph>
              <FieldList
                entries={[
                  ['type', t('webhook.fields.type')],
                  ['title', t('webhook.fields.title')],
                  ['content', t('webhook.fields.content', { placeholder })],
                  ['values', t('webhook.fields.values')],
                  ['timestamp', t('webhook.fields.timestamp')],
                ]}
              />
              <Typography.Paragraph style={{ marginTop: 16 }}>
                {t('webhook.headersIntro')}
              </Typography.Paragraph>
              <FieldList
                entries={[
                  ['Authorization', t('webhook.headers.authorization')],
                  ['X-Webhook-Signature', t('webhook.headers.signature')],
                ]}
              />
              <Typography.Paragraph style={{ marginTop: 16 }}>
                {t('webhook.response')}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('webhook.example')}</Typography.Text>
              <pre
                style={{
                  margin: '8px 0 0',
                  padding: 12,
                  borderRadius: token.borderRadius,
                  background: token.colorFillTertiary,
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                }}
              >
                {sampleBody}
              </pre>
            </>
          ),
        },
      ]}
    />
  );
}
