import { AlipayCircleOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import type { PayMethod } from '@tollgate/contracts';
import { Button } from 'antd';
import { resolvePayMethodColor } from '../rules/pay-method-color';

function iconOf(type: string) {
  if (type === 'zfb' || type === 'alipay') return <AlipayCircleOutlined />;
  if (type === 'wx' || type === 'wxpay') return <WechatOutlined />;
  return <CreditCardOutlined />;
}

/** One payment method of the status payload, as a button in the method's colour. */
export function PayMethodButton({
  method,
  loading,
  disabled,
  onClick,
}: {
  method: PayMethod;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const color = resolvePayMethodColor(method.color);
  const common = {
    icon: iconOf(method.type),
    loading,
    disabled,
    onClick,
    'data-testid': `wallet-pay-${method.type}`,
  };
  if (color && 'preset' in color) {
    return (
      <Button {...common} color={color.preset} variant="solid">
        {method.name}
      </Button>
    );
  }
  return (
    <Button
      {...common}
      type="primary"
      style={color ? { background: color.css, borderColor: color.css } : undefined}
    >
      {method.name}
    </Button>
  );
}
