import { Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichContentView } from '../../../components/rich-content-view';
import { toRichContent } from '../../../lib/rich-content';
import type { FieldSpec } from '../field-spec';
import { domainListProblem } from '../domain-list';
import { findJsonError } from '../json-text';

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** Markdown or HTML with a preview toggle (notice, home page, about, footer). */
function MarkdownInput({
  value,
  onChange,
  placeholder,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  id?: string;
}) {
  const { t } = useTranslation('settings');
  const [previewing, setPreviewing] = useState(false);
  return (
    <div>
      {previewing ? (
        <div className="tg-settings-preview">
          <RichContentView content={toRichContent(value)} />
        </div>
      ) : (
        <Input.TextArea
          id={id}
          value={value}
          placeholder={placeholder}
          autoSize={{ minRows: 4, maxRows: 14 }}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
      <Button size="small" style={{ marginTop: 8 }} onClick={() => setPreviewing(!previewing)}>
        {previewing ? t('actions.edit') : t('actions.preview')}
      </Button>
    </div>
  );
}

/** One option on a settings form, with the input its kind needs and its checks. */
export function OptionField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('settings');
  const label = t(field.label);
  const common = {
    name: field.key,
    label,
    extra: field.hint ? t(field.hint) : undefined,
  };
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;

  switch (field.kind) {
    case 'switch':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch aria-label={label} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common} rules={[{ type: 'number', message: t('validation.number') }]}>
          <InputNumber
            aria-label={label}
            min={field.min}
            max={field.max}
            step={field.step ?? 1}
            placeholder={placeholder}
            style={{ width: '100%' }}
          />
        </Form.Item>
      );
    case 'secret':
      return (
        <Form.Item {...common} extra={common.extra ?? t('hints.secret')}>
          <Input.Password
            aria-label={label}
            autoComplete="new-password"
            placeholder={placeholder ?? t('placeholders.secret')}
          />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <Select
            aria-label={label}
            options={(field.choices ?? []).map((choice) => ({
              value: choice.value,
              label: t(choice.label),
            }))}
          />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <Input.TextArea
            aria-label={label}
            placeholder={placeholder}
            autoSize={{ minRows: 3, maxRows: 12 }}
          />
        </Form.Item>
      );
    case 'json':
      return (
        <Form.Item
          {...common}
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const error = findJsonError(typeof value === 'string' ? value : '');
                if (error) {
                  throw new Error(t('validation.json', { line: error.line, column: error.column }));
                }
              },
            },
          ]}
        >
          <Input.TextArea
            aria-label={label}
            placeholder={placeholder}
            autoSize={{ minRows: 4, maxRows: 16 }}
            style={monospace}
            spellCheck={false}
          />
        </Form.Item>
      );
    case 'domains':
      return (
        <Form.Item
          {...common}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const problem = domainListProblem(Array.isArray(value) ? value.map(String) : []);
                if (problem) throw new Error(t(problem.key, problem.values));
              },
            },
          ]}
        >
          <Select
            aria-label={label}
            mode="tags"
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
            placeholder={placeholder}
          />
        </Form.Item>
      );
    case 'markdown':
      return (
        <Form.Item {...common}>
          <MarkdownInput placeholder={placeholder} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item
          {...common}
          rules={
            field.url
              ? [
                  {
                    pattern: /^(https?:\/\/\S+)?$/i,
                    message: t('validation.url'),
                    transform: (value: string) => value.trim(),
                  },
                ]
              : undefined
          }
        >
          <Input aria-label={label} placeholder={placeholder} allowClear />
        </Form.Item>
      );
  }
}
