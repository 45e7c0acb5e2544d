import {
  Alert,
  AutoComplete,
  Checkbox,
  Divider,
  Form,
  Input,
  Select,
  Space,
  Typography,
  type FormInstance,
} from 'antd';
import type { UsageLimits } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { quotaEquivalent, readQuotaDisplay } from '../../../lib/quota-format';
import { ExpiryField } from '../components/expiry-field';
import { GroupSelect } from '../components/group-select';
import { batchCountPresets, batchNamePattern, parseTokenCount } from '../rules/batch-count';
import type { GroupOption } from '../rules/group-options';
import { parseQuotaText, quotaPresets } from '../rules/quota-presets';
import type { TokenFormValues } from '../rules/token-form-values';
import { LimitFields } from '../../../components/usage-limits/limit-fields';

interface TokenFormFieldsProps {
  form: FormInstance<TokenFormValues>;
  mode: 'create' | 'edit';
  models: string[];
  modelsLoading: boolean;
  groups: GroupOption[];
  groupsLoading: boolean;
  /** The limits that apply to the user, shown where the token sets none. */
  userLimits?: UsageLimits;
  /** The limits section starts open (the token has limits). */
  limitsOpen: boolean;
}

/** The fields of the token form (spec part 2 §5 "Token form"). */
export function TokenFormFields(props: TokenFormFieldsProps) {
  const { form, mode } = props;
  const { t } = useTranslation('tokens');
  const unlimited = Form.useWatch('unlimited', form) ?? false;
  const modelLimitsEnabled = Form.useWatch('modelLimitsEnabled', form) ?? false;
  const quotaText = Form.useWatch('remainQuota', form) ?? '';
  const countText = Form.useWatch('count', form) ?? '1';
  const name = Form.useWatch('name', form) ?? '';
  const limitTexts = Form.useWatch('limits', form);

  const equivalent = quotaEquivalent(parseQuotaText(quotaText) ?? 0);
  const count = parseTokenCount(countText);
  const presets = quotaPresets(readQuotaDisplay().quotaPerUnit);

  return (
    <>
      <Form.Item name="name" label={t('form.name')} required={mode === 'create'}>
        <Input placeholder={t('form.namePlaceholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item name="expiry" label={t('form.expiry')}>
        <ExpiryField />
      </Form.Item>

      <Divider />
      <Alert type="warning" showIcon title={t('form.quotaNotice')} style={{ marginBottom: 16 }} />
      <Form.Item
        label={
          equivalent === null
            ? t('form.quota')
            : t('form.quotaWithEquivalent', { amount: equivalent })
        }
      >
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Form.Item name="remainQuota" noStyle>
            <AutoComplete
              disabled={unlimited}
              placeholder={t('form.quotaPlaceholder')}
              filterOption={false}
              options={presets.map((preset) => ({
                value: String(preset.value),
                label: (
                  <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                    <span>{preset.label}</span>
                    <Typography.Text type="secondary">{preset.value}</Typography.Text>
                  </Space>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="unlimited" valuePropName="checked" noStyle>
            <Checkbox>{t('form.unlimited')}</Checkbox>
          </Form.Item>
        </Space>
      </Form.Item>

      {mode === 'create' && (
        <Form.Item
          name="count"
          label={t('form.count')}
          extra={
            count.ok && count.count > 1
              ? t('form.countHint', { pattern: batchNamePattern(name.trim() || t('form.name')) })
              : undefined
          }
        >
          <AutoComplete
            placeholder={t('form.countPlaceholder')}
            filterOption={false}
            options={batchCountPresets.map((preset) => ({
              value: String(preset),
              label: t('form.countPreset', { count: preset }),
            }))}
          />
        </Form.Item>
      )}

      <Divider />
      <Form.Item name="allowIps" label={t('form.allowIps')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('form.allowIpsPlaceholder')}
          className="tg-token-monospace"
        />
      </Form.Item>
      <Form.Item name="modelLimitsEnabled" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t('form.modelLimitsEnabled')}</Checkbox>
      </Form.Item>
      <Form.Item name="modelLimits">
        <Select
          mode="multiple"
          allowClear
          disabled={!modelLimitsEnabled}
          loading={props.modelsLoading}
          placeholder={t('form.modelLimitsPlaceholder')}
          options={props.models.map((model) => ({ value: model, label: model }))}
          notFoundContent={t('form.noModels')}
        />
      </Form.Item>
      <Form.Item name="group" label={t('form.group')}>
        <GroupSelect options={props.groups} loading={props.groupsLoading} />
      </Form.Item>
      <LimitFields
        name="limits"
        fallback={props.userLimits}
        fallbackLabel="placeholder.userLimit"
        defaultOpen={props.limitsOpen}
        texts={limitTexts}
      />
    </>
  );
}
