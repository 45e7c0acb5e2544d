import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { endsWithV1 } from '../rules/base-url';
import { baseUrlFieldOf, channelType, otherFieldOf, type OtherField } from '../rules/channel-types';
import type { ChannelFormValues } from '../rules/form-values';
import { invalidKeys, keyFormatOf, keyFormatText } from '../rules/key-format';
import { keyLineCount, takesSeveralKeys } from '../rules/key-modes';
import { ChannelKeyReveal } from '../dialogs/channel-key-reveal';
import { vertexRegionTemplate } from './json-templates';
import { KeyModeFields } from './key-mode-fields';

interface ConnectionFieldsProps {
  form: FormInstance<ChannelFormValues>;
  isEdit: boolean;
  /** The edited channel (null when adding): root may view its stored key. */
  channelId?: number | null;
}

/** The key field: its placeholder states the type's format; a mismatch is pointed out. */
function KeyField({ form, isEdit, channelId }: ConnectionFieldsProps) {
  const { t } = useTranslation('channels');
  const type: number = Form.useWatch('type', form) ?? 1;
  const createMode = Form.useWatch('create_mode', form) ?? 'single';
  const multiKey: boolean = Form.useWatch('multi_key', { form, preserve: true }) ?? false;
  const keyMode = Form.useWatch('key_mode', form) ?? 'append';
  // Batch, multi-key and an edited multi-key channel take one key per line.
  const batch = takesSeveralKeys({ create_mode: createMode, multi_key: multiKey }, isEdit);
  const key: string = Form.useWatch('key', form) ?? '';
  const format = keyFormatOf(type);
  const formatText = keyFormatText(format);
  const multiline = batch || format.kind === 'json';

  let placeholder: string;
  if (format.kind === 'json') placeholder = t(batch ? 'form.keyVertexBatch' : 'form.keyVertex');
  else if (type === channelType.fastGpt) placeholder = t('form.keyFastGpt');
  else if (formatText) placeholder = t('form.keyFormat', { format: formatText });
  else placeholder = t(batch ? 'form.keyBatchPlaceholder' : 'form.keyPlaceholder');

  const mismatched = invalidKeys(type, key, batch);
  const help =
    mismatched.length === 0
      ? undefined
      : format.kind === 'json'
        ? t('form.keyJsonMismatch')
        : t('form.keyFormatMismatch', {
            format: formatText ?? '',
            keys: mismatched.map((entry) => entry.slice(0, 24)).join(', '),
          });

  let extra: string | undefined;
  if (isEdit) extra = t(multiKey ? `form.keyMode.${keyMode}Hint` : 'form.keyEditHint');
  else if (createMode === 'batch') extra = t('form.batchHint');
  else if (createMode === 'multi_to_single') {
    extra = t('form.multiKeyHint', { count: keyLineCount(key) });
  }

  return (
    <>
      <KeyModeFields form={form} isEdit={isEdit} />
      <Form.Item
        name="key"
        label={
          isEdit && channelId ? (
            <Space size={8}>
              {t('form.key')}
              <ChannelKeyReveal channelId={channelId} />
            </Space>
          ) : (
            t('form.key')
          )
        }
        required={!isEdit}
        validateStatus={help ? 'warning' : undefined}
        help={help}
        extra={extra}
      >
        {multiline ? (
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
          />
        ) : (
          <Input placeholder={placeholder} autoComplete="off" spellCheck={false} />
        )}
      </Form.Item>
    </>
  );
}

const baseUrlTexts = {
  'azure-endpoint': ['form.baseUrl.azure', 'form.baseUrl.azurePlaceholder'],
  'full-url': ['form.baseUrl.full', 'form.baseUrl.fullPlaceholder'],
  'private-deployment': [
    'form.baseUrl.privateDeployment',
    'form.baseUrl.privateDeploymentPlaceholder',
  ],
  suno: ['form.baseUrl.suno', 'form.baseUrl.sunoPlaceholder'],
  optional: ['form.baseUrl.optional', 'form.baseUrl.optionalPlaceholder'],
} as const;

/** The address field of the type (none for type 45), with the `/v1` and slash hints. */
function BaseUrlField({ form }: { form: FormInstance<ChannelFormValues> }) {
  const { t } = useTranslation('channels');
  const type: number = Form.useWatch('type', form) ?? 1;
  const baseUrl: string = Form.useWatch('base_url', form) ?? '';
  const field = baseUrlFieldOf(type);
  if (field === 'none') return null;
  const [label, placeholder] = baseUrlTexts[field];
  const v1 = endsWithV1(baseUrl);
  const slash = !v1 && /\/\s*$/.test(baseUrl);
  return (
    <Form.Item
      name="base_url"
      label={t(label)}
      tooltip={field === 'optional' ? t('form.baseUrl.optionalHint') : undefined}
      validateStatus={v1 ? 'warning' : undefined}
      help={v1 ? t('form.v1Warning.inline') : slash ? t('form.baseUrl.trailingSlash') : undefined}
    >
      <Input placeholder={t(placeholder)} autoComplete="off" spellCheck={false} />
    </Form.Item>
  );
}

const otherTexts: Record<OtherField, [string, string]> = {
  'api-version': ['form.other.apiVersion', 'form.other.apiVersionPlaceholder'],
  'spark-version': ['form.other.sparkVersion', 'form.other.sparkVersionPlaceholder'],
  'knowledge-base-id': ['form.other.knowledgeBaseId', 'form.other.knowledgeBaseIdPlaceholder'],
  'account-id': ['form.other.accountId', 'form.other.accountIdPlaceholder'],
  region: ['form.other.region', 'form.other.regionPlaceholder'],
  plugin: ['form.other.plugin', 'form.other.pluginPlaceholder'],
};

/** The type's use of `other`: API version, Spark version, knowledge base, account, region... */
function OtherField({ form }: { form: FormInstance<ChannelFormValues> }) {
  const { t } = useTranslation('channels');
  const type: number = Form.useWatch('type', form) ?? 1;
  const field = otherFieldOf(type);
  if (!field) return null;
  const [label, placeholder] = otherTexts[field];
  if (field === 'region') {
    return (
      <Form.Item
        label={t(label)}
        required
        extra={
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => form.setFieldValue('other', vertexRegionTemplate)}
          >
            {t('form.other.regionTemplate')}
          </Button>
        }
      >
        <Form.Item name="other" noStyle>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={t(placeholder)} />
        </Form.Item>
      </Form.Item>
    );
  }
  return (
    <Form.Item name="other" label={t(label)}>
      <Input placeholder={t(placeholder)} autoComplete="off" />
    </Form.Item>
  );
}

/** Key, organization (OpenAI), address and the type's extra field. */
export function ConnectionFields({ form, isEdit, channelId }: ConnectionFieldsProps) {
  const { t } = useTranslation('channels');
  const type: number = Form.useWatch('type', form) ?? 1;
  return (
    <>
      <BaseUrlField form={form} />
      <KeyField form={form} isEdit={isEdit} channelId={channelId} />
      {type === channelType.openAi && (
        <Form.Item
          name="openai_organization"
          label={t('form.organization')}
          extra={t('form.organizationHint')}
        >
          <Input placeholder={t('form.organizationPlaceholder')} autoComplete="off" />
        </Form.Item>
      )}
      <OtherField form={form} />
    </>
  );
}
