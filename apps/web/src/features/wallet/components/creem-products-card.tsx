import { ShoppingOutlined } from '@ant-design/icons';
import type { CreemProduct } from '@tollgate/contracts';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';
import { useGatewayPayMutation } from '../gateway-queries';
import { formatMoney } from '../rules/money';

/** Creem top-up: one card per configured product; buying goes to Creem's checkout page. */
export function CreemProductsCard({
  products,
  display,
}: {
  products: CreemProduct[];
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('wallet');
  const pay = useGatewayPayMutation();

  const buy = (product: CreemProduct) =>
    pay.mutate(
      { creemProduct: product.productId },
      {
        onSuccess: (link) => window.location.assign(link),
        onError: (error) =>
          notify.error(error instanceof Error && error.message ? error.message : t('creem.failed')),
      },
    );

  return (
    <Card
      title={
        <span>
          <ShoppingOutlined style={{ marginRight: 8 }} />
          {t('creem.title')}
        </span>
      }
    >
      <Row gutter={[12, 12]}>
        {products.map((product) => (
          <Col key={product.productId} xs={24} sm={12} md={8}>
            <Card size="small" title={product.name}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {formatMoney(product.price)} {product.currency.toUpperCase()}
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                {t('creem.quota', { quota: formatQuota(product.quota, 2, display) })}
              </Typography.Paragraph>
              <Button
                type="primary"
                block
                loading={
                  pay.isPending && pay.variables && 'creemProduct' in pay.variables
                    ? pay.variables.creemProduct === product.productId
                    : false
                }
                onClick={() => buy(product)}
              >
                {t('creem.buy')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
