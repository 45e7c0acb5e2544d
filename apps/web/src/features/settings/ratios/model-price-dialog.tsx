import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pricesPerMillion, ratiosFromPrices, type ModelPriceRow } from './model-prices';

type PricingMode = 'ratio' | 'tokenPrice' | 'perCall';

interface DialogValues {
  name: string;
  mode: PricingMode;
  price?: number;
  ratio?: number;
  completionRatio?: number;
  inputPrice?: number;
  outputPrice?: number;
}

interface ModelPriceDialogProps {
  /** The row being edited; null to add a model; undefined when closed. */
  editing: ModelPriceRow | null | undefined;
  /** Names already taken (a new or renamed model must not reuse one). */
  takenNames: ReadonlySet<string>;
  onSave: (row: ModelPriceRow) => void;
  onClose: () => void;
}

function initialValues(row: ModelPriceRow | null): DialogValues {
  if (!row) return { name: '', mode: 'ratio' };
  if (row.price !== undefined) return { name: row.name, mode: 'perCall', price: row.price };
  const prices = pricesPerMillion(row);
  return {
    name: row.name,
    mode: 'ratio',
    ratio: row.ratio,
    completionRatio: row.completionRatio,
    inputPrice: prices?.input,
    outputPrice: prices?.output,
  };
}

/**
 * Adds or edits one model's price: per call, by ratios, or by USD per 1M tokens (converted to
 * ratios). Saving in another mode than the row's clears the other mode's values.
 */
export function ModelPriceDialog({ editing, takenNames, onSave, onClose }: ModelPriceDialogProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<DialogValues>();
  const mode = Form.useWatch('mode', form) ?? 'ratio';
  const open = editing !== undefined;

  useEffect(() => {
    if (open) form.setFieldsValue({ ...initialValues(editing ?? null) });
    else form.resetFields();
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const name = values.name.trim();
    if (values.mode === 'perCall') {
      // A model priced per call before keeps the ratios stored beside its price (the default
      // `gpt-4-gizmo-*` has both; the price wins at billing): only switching modes clears them.
      const keptRatios =
        editing?.price !== undefined
          ? { ratio: editing.ratio, completionRatio: editing.completionRatio }
          : {};
      onSave({ name, price: values.price, ...keptRatios });
      return;
    }
    if (values.mode === 'tokenPrice') {
      const ratios = ratiosFromPrices(values.inputPrice ?? 0, values.outputPrice ?? 0);
      if (!ratios) {
        form.setFields([{ name: 'inputPrice', errors: [t('ratios.visual.zeroPrice')] }]);
        return;
      }
      onSave({ name, ...ratios });
      return;
    }
    onSave({ name, ratio: values.ratio, completionRatio: values.completionRatio });
  };

  const numberRule = { type: 'number' as const, min: 0, message: t('validation.number') };
  const required = { required: true, message: t('validation.number') };

  return (
    <Modal
      open={open}
      title={editing ? t('ratios.visual.editTitle') : t('ratios.visual.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.confirm')}
      destroyOnHidden
      centered
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ mode: 'ratio' }}>
        <Form.Item
          name="name"
          label={t('ratios.visual.name')}
          rules={[
            { required: true, whitespace: true, message: t('ratios.visual.nameRequired') },
            {
              validator: async (_rule, value: unknown) => {
                const name = typeof value === 'string' ? value.trim() : '';
                if (name && name !== editing?.name && takenNames.has(name)) {
                  throw new Error(t('ratios.visual.nameTaken'));
                }
              },
            },
          ]}
        >
          <Input aria-label={t('ratios.visual.name')} />
        </Form.Item>
        <Form.Item name="mode" label={t('ratios.visual.mode')}>
          <Radio.Group>
            <Radio value="ratio">{t('ratios.visual.modes.ratio')}</Radio>
            <Radio value="tokenPrice">{t('ratios.visual.modes.tokenPrice')}</Radio>
            <Radio value="perCall">{t('ratios.visual.modes.perCall')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'perCall' && (
          <Form.Item
            name="price"
            label={t('ratios.visual.price')}
            extra={t('ratios.visual.priceHint')}
            rules={[required, numberRule]}
          >
            <InputNumber
              aria-label={t('ratios.visual.price')}
              min={0}
              step={0.001}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {mode === 'ratio' && (
          <>
            <Form.Item name="ratio" label={t('ratios.visual.ratio')} rules={[required, numberRule]}>
              <InputNumber
                aria-label={t('ratios.visual.ratio')}
                min={0}
                step={0.001}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item
              name="completionRatio"
              label={t('ratios.visual.completionRatio')}
              extra={t('ratios.visual.completionRatioHint')}
              rules={[numberRule]}
            >
              <InputNumber
                aria-label={t('ratios.visual.completionRatio')}
                min={0}
                step={0.1}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </>
        )}
        {mode === 'tokenPrice' && (
          <>
            <Form.Item
              name="inputPrice"
              label={t('ratios.visual.inputPrice')}
              rules={[required, numberRule]}
            >
              <InputNumber
                aria-label={t('ratios.visual.inputPrice')}
                min={0}
                step={0.01}
                style={{ width: '100%' }}
                suffix="$ / 1M"
              />
            </Form.Item>
            <Form.Item
              name="outputPrice"
              label={t('ratios.visual.outputPrice')}
              rules={[required, numberRule]}
            >
              <InputNumber
                aria-label={t('ratios.visual.outputPrice')}
                min={0}
                step={0.01}
                style={{ width: '100%' }}
                suffix="$ / 1M"
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
