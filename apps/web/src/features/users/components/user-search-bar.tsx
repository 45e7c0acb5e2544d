import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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

  return (
    <Space wrap>
      <Tooltip title={t('search.keywordHint')}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search.keyword')}
          value={keyword}
          style={{ width: 240 }}
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={() => onSearch({ keyword: keyword.trim(), group: value.group })}
        />
      </Tooltip>
      <Select
        allowClear
        showSearch
        placeholder={t('search.group')}
        style={{ width: 160 }}
        value={value.group === '' ? undefined : value.group}
        options={groups.map((group) => ({ label: group, value: group }))}
        onChange={(group?: string) => onSearch({ keyword: keyword.trim(), group: group ?? '' })}
      />
      <Button
        type="primary"
        onClick={() => onSearch({ keyword: keyword.trim(), group: value.group })}
      >
        {t('search.submit')}
      </Button>
    </Space>
  );
}
