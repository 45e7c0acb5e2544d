import { Form, Radio, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../rules/form-values';

interface KeyModeFieldsProps {
  form: FormInstance<ChannelFormValues>;
  isEdit: boolean;
}

/** Random or in turn: how a multi-key channel picks its key for each call. */
function MultiKeyModeField() {
  const { t } = useTranslation('channels');
  return (
    <Form.Item name="multi_key_mode" label={t('form.multiKeyMode.label')}>
      <Radio.Group
        options={[
          { value: 'random', label: t('form.multiKeyMode.random') },
          { value: 'polling', label: t('form.multiKeyMode.polling') },
        ]}
      />
    </Form.Item>
  );
}

/**
 * The key choices under the key field. Adding: one channel, one channel per key line, or one
 * channel holding every line as its keys (then how it picks them). Editing a multi-key channel:
 * whether entered keys are added or replace the stored ones, and how keys are picked.
 */
export function KeyModeFields({ form, isEdit }: KeyModeFieldsProps) {
  const { t } = useTranslation('channels');
  const createMode = Form.useWatch('create_mode', form) ?? 'single';
  const multiKey: boolean = Form.useWatch('multi_key', { form, preserve: true }) ?? false;

  if (isEdit) {
    if (!multiKey) return null;
    return (
      <>
        <Form.Item name="key_mode" label={t('form.keyMode.label')}>
          <Radio.Group
            options={[
              { value: 'append', label: t('form.keyMode.append') },
              { value: 'replace', label: t('form.keyMode.replace') },
            ]}
          />
        </Form.Item>
        <MultiKeyModeField />
      </>
    );
  }
  return (
    <>
      <Form.Item name="create_mode" label={t('form.createMode.label')}>
        <Radio.Group
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
          options={[
            { value: 'single', label: t('form.createMode.single') },
            { value: 'batch', label: t('form.batch') },
            { value: 'multi_to_single', label: t('form.createMode.multiToSingle') },
          ]}
        />
      </Form.Item>
      {createMode === 'multi_to_single' && <MultiKeyModeField />}
    </>
  );
}
