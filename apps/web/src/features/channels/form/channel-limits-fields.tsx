import { CHANNEL_SETTING_LIMIT_KEYS, CHANNEL_SETTING_LIMITS } from '@tollgate/contracts';
import { Form, InputNumber, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../rules/form-values';
import { settingEditable, settingLimit, withSettingLimit } from '../rules/setting-limits';

interface ChannelLimitsFieldsProps {
  form: FormInstance<ChannelFormValues>;
}

/**
 * The channel's timeouts and concurrency cap, edited as numbers but stored in the `setting` JSON
 * text below them (so the text stays the one place they live, and shows them). Disabled while
 * that text is not a JSON object.
 */
export function ChannelLimitsFields({ form }: ChannelLimitsFieldsProps) {
  const { t } = useTranslation('channels');
  const setting: string = Form.useWatch('setting', form) ?? '';
  const editable = settingEditable(setting);

  return (
    <Form.Item
      label={t('form.limits.title')}
      extra={editable ? t('form.limits.help') : t('form.limits.settingInvalid')}
    >
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {CHANNEL_SETTING_LIMIT_KEYS.map((key) => (
          <Form.Item
            key={key}
            label={t(`form.limits.${key}`)}
            tooltip={t(`form.limits.${key}_help`)}
            style={{ flex: '1 1 160px', marginBottom: 0 }}
          >
            <InputNumber<number>
              aria-label={t(`form.limits.${key}`)}
              style={{ width: '100%' }}
              precision={0}
              min={0}
              max={CHANNEL_SETTING_LIMITS[key].max}
              disabled={!editable}
              placeholder={t('form.limits.unset')}
              suffix={
                <Typography.Text type="secondary">
                  {t(key === 'max_concurrency' ? 'form.limits.calls' : 'form.limits.seconds')}
                </Typography.Text>
              }
              value={settingLimit(setting, key)}
              onChange={(value) => {
                const next = withSettingLimit(form.getFieldValue('setting') ?? '', key, value);
                if (next !== null) form.setFieldValue('setting', next);
              }}
            />
          </Form.Item>
        ))}
      </div>
    </Form.Item>
  );
}
