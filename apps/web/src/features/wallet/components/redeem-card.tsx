import { GiftOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';
import { useRedeemMutation } from '../queries';

interface RedeemFields {
  key: string;
}

/**
 * Redeem a code into the balance, and the get-code button that opens the site's top-up link
 * (disabled, saying why, while the link is not set).
 */
export function RedeemCard({ topUpLink, display }: { topUpLink: string; display: QuotaDisplay }) {
  const { t } = useTranslation('wallet');
  const { modal } = App.useApp();
  const [form] = Form.useForm<RedeemFields>();
  const redeem = useRedeemMutation();

  const submit = ({ key }: RedeemFields) => {
    redeem.mutate(key.trim(), {
      onSuccess: (quota) => {
        form.resetFields();
        modal.success({
          title: t('redeem.successTitle'),
          content: t('redeem.successContent', { quota: formatQuota(quota, 2, display) }),
          centered: true,
        });
      },
    });
  };

  const getCode = (
    <Button
      data-testid="wallet-get-code"
      icon={<LinkOutlined />}
      disabled={topUpLink === ''}
      onClick={() => window.open(topUpLink, '_blank', 'noopener,noreferrer')}
    >
      {t('redeem.getCode')}
    </Button>
  );

  return (
    <Card
      style={{ height: '100%' }}
      title={
        <span>
          <GiftOutlined style={{ marginRight: 8 }} />
          {t('redeem.title')}
        </span>
      }
    >
      <Form<RedeemFields> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="key"
          label={t('redeem.code')}
          rules={[{ required: true, whitespace: true, message: t('redeem.required') }]}
        >
          <Input placeholder={t('redeem.placeholder')} allowClear autoComplete="off" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={redeem.isPending}>
            {redeem.isPending ? t('redeem.submitting') : t('redeem.submit')}
          </Button>
          {getCode}
        </Space>
        {topUpLink === '' && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('redeem.noLink')}
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
