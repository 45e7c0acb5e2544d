import { Button, Descriptions, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { formatQuota, readQuotaDisplay } from '../../../lib/quota-format';
import { useAffTransferMutation } from '../queries';
import {
  checkTransfer,
  defaultTransferAmount,
  minimumTransfer,
  type TransferProblem,
} from '../rules/affiliate';

interface AffiliateTransferDialogProps {
  open: boolean;
  /** Pending invite reward (`aff_quota`). */
  pending: number;
  onClose: () => void;
}

/**
 * A quota amount exactly, since the amount is typed in quota; in currency mode with its money
 * value first (`$1.00 (500000)`).
 */
function amountText(quota: number): string {
  const display = readQuotaDisplay();
  return display.displayInCurrency ? `${formatQuota(quota, 2, display)} (${quota})` : String(quota);
}

/**
 * Moves pending invite reward to the balance: at least one unit of quota, at most what is
 * pending. The amount is typed in quota; its money value shows beside it.
 */
export function AffiliateTransferDialog({ open, pending, onClose }: AffiliateTransferDialogProps) {
  const { t } = useTranslation('personal');
  const mutation = useAffTransferMutation();
  const display = readQuotaDisplay();
  const minimum = minimumTransfer(display.quotaPerUnit);
  const [amount, setAmount] = useState<number | null>(null);
  const [problem, setProblem] = useState<TransferProblem | null>(null);

  useEffect(() => {
    if (!open) return;
    setAmount(defaultTransferAmount(minimum, pending));
    setProblem(null);
    // Only when the dialog opens: a refreshed pending amount must not overwrite what is typed.
  }, [open]);

  const problemText = (kind: TransferProblem) =>
    t(`transfer.errors.${kind}`, {
      minimum: amountText(minimum),
      available: amountText(pending),
    });

  const onSubmit = () => {
    const found = checkTransfer(amount, minimum, pending);
    setProblem(found);
    if (found !== null || amount === null) {
      if (found) notify.error(problemText(found));
      return;
    }
    mutation.mutate(amount, onSuccessNotify(t('transfer.success'), onClose));
  };

  return (
    <FormDialog
      title={t('transfer.title')}
      open={open}
      okText={t('transfer.submit')}
      submitting={mutation.isPending}
      onSubmit={onSubmit}
      onCancel={onClose}
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'available', label: t('transfer.available'), children: amountText(pending) },
          { key: 'minimum', label: t('transfer.minimum'), children: amountText(minimum) },
        ]}
      />
      <Form layout="vertical" onFinish={onSubmit}>
        <Form.Item
          label={t('transfer.amount')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ? problemText(problem) : undefined}
          extra={
            display.displayInCurrency && amount !== null
              ? t('transfer.equivalent', { amount: formatQuota(amount, 2, display) })
              : undefined
          }
        >
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber<number>
              aria-label={t('transfer.amount')}
              style={{ width: '100%' }}
              min={0}
              precision={0}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setProblem(null);
              }}
              onPressEnter={onSubmit}
            />
            <Button
              onClick={() => {
                setAmount(Math.floor(pending));
                setProblem(null);
              }}
            >
              {t('transfer.all')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('transfer.hint')}</Typography.Text>
    </FormDialog>
  );
}
