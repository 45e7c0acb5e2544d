import { InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { quotaEquivalent, readQuotaDisplay } from '../../../lib/quota-format';
import { thresholdPresets } from '../rules/threshold-presets';

interface ThresholdFieldProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}

/**
 * The quota warning threshold: one click on a preset, or any whole quota amount typed in; the
 * money value of the amount shows beside it when the site displays money.
 */
export function ThresholdField({ value = null, onChange, id }: ThresholdFieldProps) {
  const { t } = useTranslation('personal');
  const display = readQuotaDisplay();
  const presets = thresholdPresets(display);
  const selected = presets.find((preset) => preset.value === value)?.value;
  const equivalent = value === null ? null : quotaEquivalent(value, 2, display);

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Radio.Group
        optionType="button"
        value={selected}
        onChange={(event) => onChange?.(event.target.value as number)}
        options={presets.map((preset) => ({ value: preset.value, label: preset.label }))}
        aria-label={t('notification.thresholdPresets')}
      />
      <Space wrap align="center">
        <InputNumber<number>
          id={id}
          min={1}
          precision={0}
          style={{ width: 200 }}
          value={value}
          placeholder={t('notification.thresholdPlaceholder')}
          onChange={(next) => onChange?.(next)}
        />
        {equivalent !== null && (
          <Typography.Text type="secondary">
            {t('notification.equivalent', { amount: equivalent })}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
