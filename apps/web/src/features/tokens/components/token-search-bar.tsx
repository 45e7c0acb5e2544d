import { KeyOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput, SearchInput } from '../../../components/filters/filter-fields';
import type { TokenSearch } from '../queries';

interface TokenSearchBarProps {
  value: TokenSearch;
  onSearch: (search: TokenSearch) => void;
}

/** Search by name keyword and by (part of) the key; both empty shows the plain list again. */
export function TokenSearchBar({ value, onSearch }: TokenSearchBarProps) {
  const { t } = useTranslation('tokens');
  const [keyword, setKeyword] = useState(value.keyword);
  const [token, setToken] = useState(value.token);
  const submit = () => onSearch({ keyword: keyword.trim(), token: token.trim() });

  return (
    <Space wrap>
      <SearchInput
        label={t('search.keyword')}
        value={keyword}
        width={200}
        onChange={setKeyword}
        onSearch={submit}
      />
      <FilterInput
        label={t('search.token')}
        prefix={<KeyOutlined />}
        value={token}
        width={200}
        onChange={setToken}
        onSearch={submit}
      />
      <Button type="primary" onClick={submit}>
        {t('search.submit')}
      </Button>
    </Space>
  );
}
