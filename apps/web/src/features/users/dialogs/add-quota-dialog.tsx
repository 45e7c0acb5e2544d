import { InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { formatQuota } from '../../../lib/quota-format';

interface AddQuotaDialogProps {
  open: boolean;
  currentQuota: number;
  onConfirm: (newQuota: number) => void;
  onClose: () => void;
}

/** Adds (or, with a negative amount, removes) quota to the edited user's balance field. */
export function AddQuotaDialog({ open, currentQuota, onConfirm, onClose }: AddQuotaDialogProps) {
  const { t } = useTranslation('users');
  const [amount, setAmount] = useState<number>(0);

  useEffect(() => {
    if (open) setAmount(0);
  }, [open]);

  const result = currentQuota + Math.trunc(amount);
  return (
    <FormDialog
      title={t('addQuota.title')}
      open={open}
      onSubmit={() => {
        onConfirm(result);
        onClose();
      }}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('addQuota.preview', {
          current: formatQuota(currentQuota),
          amount: formatQuota(Math.trunc(amount)),
          result: formatQuota(result),
        })}
      </Typography.Paragraph>
      <InputNumber<number>
        style={{ width: '100%' }}
        precision={0}
        value={amount}
        placeholder={t('addQuota.placeholder')}
        onChange={(value) => setAmount(value ?? 0)}
      />
    </FormDialog>
  );
}
