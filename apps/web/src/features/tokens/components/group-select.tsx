import { AUTO_GROUP } from '@tollgate/contracts';
import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratioColor, type GroupOption } from '../rules/group-options';

interface GroupSelectProps {
  /** Set by the form item, so that its label points at the select. */
  id?: string;
  /** '' = the user's own group. */
  value?: string;
  onChange?: (value: string) => void;
  options: GroupOption[];
  loading: boolean;
}

/** The token group: one of the user's usable groups (with description and ratio), or auto. */
export function GroupSelect({ id, value = '', onChange, options, loading }: GroupSelectProps) {
  const { t } = useTranslation('tokens');
  const nameOf = (group: string) => (group === AUTO_GROUP ? t('group.auto') : group);

  if (!loading && options.length === 0) {
    return <Select id={id} disabled placeholder={t('form.noGroups')} style={{ width: '100%' }} />;
  }

  return (
    <Select<string>
      id={id}
      allowClear
      loading={loading}
      style={{ width: '100%' }}
      placeholder={t('form.groupPlaceholder')}
      value={value === '' ? undefined : value}
      onChange={(group) => onChange?.(group ?? '')}
      options={options.map((group) => ({ value: group.value, label: nameOf(group.value) }))}
      optionRender={(option) => {
        const group = options.find((entry) => entry.value === option.value);
        if (!group) return option.label;
        const desc =
          group.value === AUTO_GROUP && group.desc === '' ? t('group.autoDesc') : group.desc;
        return (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{nameOf(group.value)}</Typography.Text>
              {desc && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {desc}
                </Typography.Text>
              )}
            </Space>
            {group.ratio !== undefined && (
              <Tag color={ratioColor(group.ratio)}>{t('group.ratio', { ratio: group.ratio })}</Tag>
            )}
          </Space>
        );
      }}
    />
  );
}
