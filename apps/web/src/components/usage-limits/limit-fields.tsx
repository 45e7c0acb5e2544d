import { LIMIT_KINDS, type LimitKind, type UsageLimits } from '@tollgate/contracts';
import { Col, Collapse, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { quotaEquivalent } from '../../lib/quota-format';
import { isBudgetKind, limitValueOf, type LimitTexts } from '../../lib/usage-limits';

interface LimitFieldsProps {
  /** The form field holding the `LimitTexts` (each kind at `[name, kind]`). */
  name: string;
  /** What applies when a field is left empty (the user's own limits, a group's defaults). */
  fallback?: UsageLimits | null;
  /** Translation key (namespace `limits`) of the placeholder naming the fallback, given `{{value}}`. */
  fallbackLabel: string;
  /** The section starts open (limits are already set). */
  defaultOpen: boolean;
  /** The texts being edited, for the currency equivalents of budgets. */
  texts?: Partial<LimitTexts>;
}

/** A fallback as typed in the field (exact), a budget with its currency equivalent when shown. */
function fallbackText(kind: LimitKind, value: number): string {
  const equivalent = isBudgetKind(kind) ? quotaEquivalent(value) : null;
  return equivalent === null ? String(value) : `${value} (≈ ${equivalent})`;
}

/**
 * The eight limits and budgets of a token or a user as a collapsible form section. Empty = no
 * limit of its own; the placeholder shows what applies then, so the narrowing is visible. Kept
 * rendered while collapsed so the form reads every field.
 */
export function LimitFields({
  name,
  fallback,
  fallbackLabel,
  defaultOpen,
  texts,
}: LimitFieldsProps) {
  const { t } = useTranslation('limits');
  const placeholder = (kind: LimitKind) => {
    const value = limitValueOf(fallback, kind);
    return value === undefined
      ? t('placeholder.none')
      : t(fallbackLabel, { value: fallbackText(kind, value) });
  };
  const equivalent = (kind: LimitKind) => {
    if (!isBudgetKind(kind)) return undefined;
    const text = texts?.[kind]?.trim() ?? '';
    const amount = /^\d+$/.test(text) ? quotaEquivalent(Number(text)) : null;
    return amount === null ? undefined : t('budgetEquivalent', { amount });
  };

  return (
    <Collapse
      size="small"
      className="tg-limit-fields"
      defaultActiveKey={defaultOpen ? ['limits'] : []}
      items={[
        {
          key: 'limits',
          label: t('section.title'),
          forceRender: true,
          children: (
            <>
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('section.hint')}
              </Typography.Paragraph>
              <Row gutter={12}>
                {LIMIT_KINDS.map((kind) => (
                  <Col key={kind} xs={24} sm={12}>
                    <Form.Item
                      name={[name, kind]}
                      label={t(`kinds.${kind}`)}
                      extra={equivalent(kind)}
                      rules={[{ pattern: /^\s*\d*\s*$/, message: t('errors.invalid') }]}
                    >
                      <Input
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder={placeholder(kind)}
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </>
          ),
        },
      ]}
    />
  );
}
