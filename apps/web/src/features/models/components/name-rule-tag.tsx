import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAME_RULE, type ModelMeta, type NameRule } from '../model-shapes';

/** Translation key of each name rule (namespace `models`). */
export const nameRuleKeys: Record<NameRule, string> = {
  [NAME_RULE.exact]: 'nameRule.exact',
  [NAME_RULE.prefix]: 'nameRule.prefix',
  [NAME_RULE.contains]: 'nameRule.contains',
  [NAME_RULE.suffix]: 'nameRule.suffix',
};

/** The rule of a row that matches several names, with the names it matches; nothing when exact. */
export function NameRuleTag({ model }: { model: ModelMeta }) {
  const { t } = useTranslation('models');
  if (model.name_rule === NAME_RULE.exact) return null;
  const matched = model.matched_models.join(', ');
  return (
    <Tooltip title={matched === '' ? undefined : matched}>
      <Tag color="purple" style={{ marginInlineEnd: 0 }}>
        {t(nameRuleKeys[model.name_rule])} · {t('nameRule.matched', { count: model.matched_count })}
      </Tag>
    </Tooltip>
  );
}
