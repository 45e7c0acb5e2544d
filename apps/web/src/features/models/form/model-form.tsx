import {
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { MetaIcon } from '../../../components/meta-icon';
import { nameRules, type Vendor } from '../model-shapes';
import { nameRuleKeys } from '../components/name-rule-tag';
import type { ModelFormValues } from '../rules/model-form-values';
import { EndpointsField } from './endpoints-field';

interface ModelFormProps {
  form: FormInstance<ModelFormValues>;
  initialValues: ModelFormValues;
  vendors: readonly Vendor[];
  onSubmit: () => void;
}

const half = { xs: 24, sm: 12 };
const modalityOptions = ['text', 'image', 'audio', 'video', 'file'].map((value) => ({ value }));

/** Every field of a model's metadata, in three sections. */
export function ModelForm({ form, initialValues, vendors, onSubmit }: ModelFormProps) {
  const { t } = useTranslation('models');
  const icon: string = Form.useWatch('icon', form) ?? '';
  const name: string = Form.useWatch('model_name', form) ?? '';

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit}>
      <Divider titlePlacement="start" plain>
        {t('form.sections.basic')}
      </Divider>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="model_name" label={t('fields.modelName')} required>
            <Input placeholder={t('fields.modelNamePlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="name_rule"
            label={t('fields.nameRule')}
            tooltip={t('fields.nameRuleHelp')}
          >
            <Select
              aria-label={t('fields.nameRule')}
              options={nameRules.map((rule) => ({ value: rule, label: t(nameRuleKeys[rule]) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('fields.descriptionPlaceholder')}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="vendor_id" label={t('fields.vendor')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'name' }}
              aria-label={t('fields.vendor')}
              placeholder={t('fields.vendorPlaceholder')}
              options={vendors.map((vendor) => ({
                value: vendor.id,
                name: vendor.name,
                label: (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <MetaIcon icon={vendor.icon} name={vendor.name} size={16} />
                    {vendor.name}
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="icon" label={t('fields.icon')}>
            <Input
              placeholder={t('fields.iconPlaceholder')}
              prefix={<MetaIcon icon={icon} name={name} size={16} />}
              autoComplete="off"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tags" label={t('fields.tags')}>
        <Select
          mode="tags"
          aria-label={t('fields.tags')}
          placeholder={t('fields.tagsPlaceholder')}
          tokenSeparators={[',', '，']}
          open={false}
          suffixIcon={null}
        />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t('form.sections.capabilities')}
      </Divider>
      <EndpointsField form={form} />
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="context_length" label={t('fields.contextLength')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="max_output_tokens" label={t('fields.maxOutputTokens')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="knowledge_cutoff" label={t('fields.knowledgeCutoff')}>
            <Input placeholder="2024-10" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="release_date" label={t('fields.releaseDate')}>
            <Input placeholder="2025-01-31" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="parameter_count" label={t('fields.parameterCount')}>
            <Input placeholder={t('fields.parameterCountPlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="input_modalities" label={t('fields.inputModalities')}>
            <Select
              mode="tags"
              aria-label={t('fields.inputModalities')}
              placeholder={t('fields.modalitiesPlaceholder')}
              options={modalityOptions}
              tokenSeparators={[',']}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="output_modalities" label={t('fields.outputModalities')}>
            <Select
              mode="tags"
              aria-label={t('fields.outputModalities')}
              placeholder={t('fields.modalitiesPlaceholder')}
              options={modalityOptions}
              tokenSeparators={[',']}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        {t('form.sections.behaviour')}
      </Divider>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="sync_official"
            label={t('fields.syncOfficial')}
            tooltip={t('fields.syncOfficialHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <button type="submit" hidden />
    </Form>
  );
}
