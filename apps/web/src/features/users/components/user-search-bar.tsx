import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupFilterSelect, SearchInput } from '../../../components/filters/filter-fields';

export interface UserFilters {
  keyword: string;
  group: string;
}

interface UserSearchBarProps {
  groups: string[];
  value: UserFilters;
  onSearch: (filters: UserFilters) => void;
}

/** Keyword (id, username, display name, email) and group search for the user list. */
export function UserSearchBar({ groups, value, onSearch }: UserSearchBarProps) {
  const { t } = useTranslation('users');
  const [keyword, setKeyword] = useState(value.keyword);

  const search = (group = value.group) => onSearch({ keyword: keyword.trim(), group });

  return (
    <Space wrap>
      <Tooltip title={t('search.keywordHint')}>
        <SearchInput
          label={t('search.keyword')}
          value={keyword}
          width={240}
          onChange={setKeyword}
          onSearch={() => search()}
        />
      </Tooltip>
      <GroupFilterSelect
        label={t('search.group')}
        groups={groups}
        value={value.group}
        width={160}
        onChange={search}
      />
      <Button type="primary" onClick={() => search()}>
        {t('search.submit')}
      </Button>
    </Space>
  );
}
