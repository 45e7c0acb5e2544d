import { Button, Form, Input, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../rules/form-values';
import { formatJsonText, isJsonObjectText } from '../rules/json-text';

type JsonFieldName = 'model_mapping' | 'status_code_mapping' | 'setting' | 'param_override';

interface JsonTextFieldProps {
  form: FormInstance<ChannelFormValues>;
  name: JsonFieldName;
  label: ReactNode;
  placeholder: string;
  /** Text put in by "fill template". */
  template: string;
  /** Shown under the field's buttons. */
  help?: ReactNode;
  tooltip?: ReactNode;
}

/** A JSON text area with "fill template" and "format" links. */
export function JsonTextField({
  form,
  name,
  label,
  placeholder,
  template,
  help,
  tooltip,
}: JsonTextFieldProps) {
  const { t } = useTranslation('channels');
  const value: string = Form.useWatch(name, form) ?? '';
  const parsable = value.trim() !== '' && isJsonObjectText(value);

  return (
    <Form.Item
      label={label}
      tooltip={tooltip}
      extra={
        <Space size={12} wrap>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => form.setFields([{ name, value: template, errors: [] }])}
          >
            {t('form.fillTemplate')}
          </Button>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            disabled={!parsable}
            onClick={() => form.setFieldValue(name, formatJsonText(value))}
          >
            {t('form.formatJson')}
          </Button>
          {help}
        </Space>
      }
    >
      <Form.Item name={name} noStyle>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 12 }}
          placeholder={placeholder}
          aria-label={typeof label === 'string' ? label : undefined}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        />
      </Form.Item>
    </Form.Item>
  );
}
