import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { showFieldProblem } from '../../../lib/field-problem';
import { quotaEquivalent } from '../../../lib/quota-format';
import { onSuccessNotify } from '../../../lib/success-feedback';
import type { SubscriptionPlan } from '../api';
import { useCreatePlanMutation, useGroupNamesQuery, useUpdatePlanMutation } from '../queries';
import {
  durationUnits,
  newPlanFormValues,
  planFormValuesOf,
  planCurrency,
  planLimits,
  readPlanForm,
  resetPeriods,
  type PlanFormValues,
} from '../rules/plan-form-values';

/** Which form is open: none, a new plan, or this plan. */
export type PlanFormTarget = { mode: 'create' } | { mode: 'edit'; plan: SubscriptionPlan } | null;

/** Creates a plan or edits one; every field of the plan, checked as the server checks it. */
export function PlanFormDialog({
  target,
  onClose,
}: {
  target: PlanFormTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const [form] = Form.useForm<PlanFormValues>();
  const createMutation = useCreatePlanMutation();
  const updateMutation = useUpdatePlanMutation();
  const groupsQuery = useGroupNamesQuery(target !== null);
  const durationUnit = Form.useWatch('duration_unit', form);
  const resetPeriod = Form.useWatch('quota_reset_period', form);
  const totalAmount = Form.useWatch('total_amount', form);
  const equivalent = quotaEquivalent(totalAmount ?? 0);

  const initialValues =
    target?.mode === 'edit' ? planFormValuesOf(target.plan) : newPlanFormValues();

  const onSubmit = () => {
    const result = readPlanForm({ ...initialValues, ...form.getFieldsValue(true) });
    if (!result.ok) {
      showFieldProblem(form, result.field, t(`form.errors.${result.problem}`));
      return;
    }
    if (target?.mode === 'edit') {
      updateMutation.mutate(
        { id: target.plan.id, fields: result.fields },
        onSuccessNotify(t('form.updated'), onClose),
      );
    } else {
      createMutation.mutate(result.fields, onSuccessNotify(t('form.created'), onClose));
    }
  };

  const seconds = t('form.secondsSuffix');
  return (
    <FormDialog
      open={target !== null}
      title={target?.mode === 'edit' ? t('form.editTitle') : t('form.createTitle')}
      okText={t('common:submit')}
      submitting={createMutation.isPending || updateMutation.isPending}
      onSubmit={onSubmit}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form<PlanFormValues>
        key={target?.mode === 'edit' ? target.plan.id : 'create'}
        form={form}
        clearOnDestroy
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={clearChangedFieldErrors(form)}
        onFinish={onSubmit}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('form.title')} required>
              <Input
                placeholder={t('form.titlePlaceholder')}
                maxLength={planLimits.titleLength}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subtitle" label={t('form.subtitle')}>
              <Input
                placeholder={t('form.subtitlePlaceholder')}
                maxLength={planLimits.subtitleLength}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="price_amount" label={t('form.price')} required>
              <InputNumber<number>
                style={{ width: '100%' }}
                min={0}
                max={planLimits.priceMax}
                precision={2}
                step={1}
                suffix={planCurrency}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="duration_unit" label={t('form.durationUnit')}>
              <Select
                options={durationUnits.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            {durationUnit === 'custom' ? (
              <Form.Item name="custom_seconds" label={t('form.customSeconds')} required>
                <InputNumber<number>
                  style={{ width: '100%' }}
                  min={1}
                  precision={0}
                  suffix={seconds}
                />
              </Form.Item>
            ) : (
              <Form.Item name="duration_value" label={t('form.durationValue')} required>
                <InputNumber<number> style={{ width: '100%' }} min={1} precision={0} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="total_amount"
              label={t('form.totalAmount')}
              extra={
                (totalAmount ?? 0) > 0 && equivalent !== null
                  ? t('form.quotaEquivalent', { amount: equivalent })
                  : t('form.totalAmountHint')
              }
            >
              <InputNumber<number> style={{ width: '100%' }} min={0} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="quota_reset_period" label={t('form.resetPeriod')}>
              <Select
                options={resetPeriods.map((period) => ({
                  value: period,
                  label: t(`periods.${period}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            {resetPeriod === 'custom' && (
              <Form.Item name="quota_reset_custom_seconds" label={t('form.resetSeconds')} required>
                <InputNumber<number>
                  style={{ width: '100%' }}
                  min={1}
                  precision={0}
                  suffix={seconds}
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="upgrade_group"
              label={t('form.upgradeGroup')}
              extra={t('form.upgradeGroupHint')}
              // The plan stores '' for none; the select shows its placeholder then.
              getValueProps={(value: string | undefined) => ({ value: value || undefined })}
              normalize={(value: string | undefined) => value ?? ''}
            >
              <Select
                showSearch
                allowClear
                loading={groupsQuery.isPending}
                placeholder={t('form.upgradeGroupPlaceholder')}
                options={(groupsQuery.data ?? []).map((group) => ({ value: group, label: group }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="max_purchase_per_user"
              label={t('form.purchaseCap')}
              extra={t('form.purchaseCapHint')}
            >
              <InputNumber<number> style={{ width: '100%' }} min={0} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="sort_order"
              label={t('form.sortOrder')}
              extra={t('form.sortOrderHint')}
            >
              <InputNumber<number> style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="stripe_price_id" label={t('form.stripePriceId')}>
              <Input
                placeholder="price_…"
                maxLength={planLimits.gatewayIdLength}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="creem_product_id" label={t('form.creemProductId')}>
              <Input
                placeholder="prod_…"
                maxLength={planLimits.gatewayIdLength}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="enabled"
              label={t('form.enabled')}
              valuePropName="checked"
              style={{ marginBottom: 0 }}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}
