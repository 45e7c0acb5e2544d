import { KeyOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.keyword')}
        value={keyword}
        style={{ width: 200 }}
        onChange={(event) => setKeyword(event.target.value)}
        onPressEnter={submit}
      />
      <Input
        allowClear
        prefix={<KeyOutlined />}
        placeholder={t('search.token')}
        value={token}
        style={{ width: 200 }}
        onChange={(event) => setToken(event.target.value)}
        onPressEnter={submit}
      />
      <Button type="primary" onClick={submit}>
        {t('search.submit')}
      </Button>
    </Space>
  );
}
