import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  endpointsTemplate,
  isEndpointsText,
  type ModelFormValues,
} from '../rules/model-form-values';

/** The endpoints JSON text, with "fill template" and "format" links. */
export function EndpointsField({ form }: { form: FormInstance<ModelFormValues> }) {
  const { t } = useTranslation('models');
  const value: string = Form.useWatch('endpoints', form) ?? '';
  const parsable = value.trim() !== '' && isEndpointsText(value);

  return (
    <Form.Item
      label={t('fields.endpoints')}
      tooltip={t('fields.endpointsHelp')}
      extra={
        <Space size={12} wrap>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() =>
              form.setFields([{ name: 'endpoints', value: endpointsTemplate, errors: [] }])
            }
          >
            {t('form.fillTemplate')}
          </Button>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            disabled={!parsable}
            onClick={() =>
              form.setFieldValue('endpoints', JSON.stringify(JSON.parse(value), null, 2))
            }
          >
            {t('form.formatJson')}
          </Button>
        </Space>
      }
    >
      <Form.Item
        name="endpoints"
        noStyle
        rules={[
          {
            validator: (_, text: string | undefined) =>
              isEndpointsText(text ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error(t('form.endpointsInvalid'))),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 12 }}
          placeholder={t('fields.endpointsPlaceholder')}
          aria-label={t('fields.endpoints')}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        />
      </Form.Item>
    </Form.Item>
  );
}
