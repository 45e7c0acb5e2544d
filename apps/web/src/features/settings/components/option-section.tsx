import { Button, Card, Col, Form, Row, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import type { OptionValues } from '../api';
import { editedOptions, valueKind, type FieldSpec } from '../field-spec';
import { formatJsonText } from '../json-text';
import { OptionField } from './option-field';
import { useSaveOptionsMutation } from '../queries';
import { fromOptionText, planOptionSaves } from '../save-plan';

export interface OptionSectionProps {
  /** Translation key of the section title. */
  title: string;
  /** Translation key of a line under the title, and the values it names. */
  description?: string;
  descriptionValues?: Record<string, string>;
  fields: readonly FieldSpec[];
  options: OptionValues;
  /** A last check of the whole form before saving; a translation key refuses the save. */
  check?: (values: Record<string, unknown>) => string | undefined;
  /** Switches that ask before being turned off: key → translation key of the question. */
  confirmOff?: Partial<Record<string, string>>;
  /** More content under the fields (tools such as "clear logs"), given the section's form. */
  children?: ReactNode | ((form: FormInstance<Record<string, unknown>>) => ReactNode);
}

function columnsOf(field: FieldSpec) {
  if (field.wide || ['textarea', 'json', 'markdown'].includes(field.kind)) return { xs: 24 };
  if (field.kind === 'switch') return { xs: 24, sm: 12, lg: 8 };
  return { xs: 24, md: 12, lg: 8 };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function initialValuesOf(fields: readonly FieldSpec[], options: OptionValues) {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const stored = options[field.key];
    values[field.key] =
      field.kind === 'json'
        ? formatJsonText(stored ?? '')
        : fromOptionText(valueKind(field.kind), stored);
  }
  return values;
}

/**
 * A settings card: its options as a form, saved with one button. Only changed options are sent
 * (secrets only when typed), in the order the server's checks need; "nothing was modified" when
 * nothing changed, and every refused key named with the server's reason.
 */
export function OptionSection({
  title,
  description,
  descriptionValues,
  fields,
  options,
  check,
  confirmOff,
  children,
}: OptionSectionProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Record<string, unknown>>();
  const confirm = useConfirm();
  const saveMutation = useSaveOptionsMutation();
  const initial = useMemo(() => initialValuesOf(fields, options), [fields, options]);

  // The options are read again after any section saves; a field follows a new stored value only
  // while it still shows the old one, so what is being typed in this section is never replaced.
  const shown = useRef(initial);
  useEffect(() => {
    const before = shown.current;
    shown.current = initial;
    if (before === initial) return;
    const updates: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(initial)) {
      if (sameValue(before[key], value)) continue;
      if (!sameValue(form.getFieldValue(key), before[key])) continue;
      updates[key] = value;
    }
    if (Object.keys(updates).length > 0) {
      form.setFieldsValue(updates as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [form, initial]);

  const onValuesChange = (changed: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(changed)) {
      const question = confirmOff?.[key];
      if (question && value === false) {
        confirm({
          title: t(question),
          danger: true,
          onOk: () => undefined,
          onCancel: () => form.setFieldValue(key, true),
        });
      }
    }
  };

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      notify.error(t('messages.checkInput'));
      return;
    }
    const refused = check?.(values);
    if (refused) {
      notify.error(t(refused));
      return;
    }
    const saves = planOptionSaves(editedOptions(fields), values, options);
    if (saves.length === 0) {
      notify.info(t('messages.nothingChanged'));
      return;
    }
    const failed = await saveMutation.mutateAsync(saves).catch(() => undefined);
    if (failed === undefined || failed.length === saves.length) {
      notify.error(
        failed?.length === 1 ? `${failed[0].key}: ${failed[0].message}` : t('messages.saveFailed'),
      );
      return;
    }
    if (failed.length > 0) {
      notify.error(
        `${t('messages.partialFailed')} ${failed.map((item) => `${item.key}: ${item.message}`).join('；')}`,
      );
      return;
    }
    notify.success(t('messages.saved'));
  };

  return (
    <Card
      size="small"
      title={t(title)}
      className="tg-settings-section"
      extra={
        <Button type="primary" onClick={() => void save()} loading={saveMutation.isPending}>
          {t('actions.save', { section: t(title) })}
        </Button>
      }
    >
      {description && (
        <p className="tg-settings-description">{t(description, descriptionValues)}</p>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={onValuesChange}
        requiredMark={false}
      >
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.key} {...columnsOf(field)}>
              <OptionField field={field} />
            </Col>
          ))}
        </Row>
      </Form>
      {typeof children === 'function' ? children(form) : children}
    </Card>
  );
}
