import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ChannelSearch } from '../api';

interface ChannelSearchBarProps {
  groups: string[];
  value: ChannelSearch;
  onSearch: (search: ChannelSearch) => void;
}

export const emptySearch: ChannelSearch = { keyword: '', group: '', model: '', key: '' };

/**
 * Keyword (id, name), model and group search of the channel list, and the exact key lookup (a
 * masked field: the key is a secret, and the server logs that it was looked up).
 */
export function ChannelSearchBar({ groups, value, onSearch }: ChannelSearchBarProps) {
  const { t } = useTranslation('channels');
  const [keyword, setKeyword] = useState(value.keyword);
  const [model, setModel] = useState(value.model);
  const [key, setKey] = useState(value.key);
  // On a phone the text fields take whole rows; on wider screens they sit side by side.
  const isMobile = useIsMobile();

  useEffect(() => {
    setKeyword(value.keyword);
    setModel(value.model);
    setKey(value.key);
  }, [value.keyword, value.model, value.key]);

  const submit = (group = value.group) =>
    onSearch({ keyword: keyword.trim(), model: model.trim(), group, key: key.trim() });

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.keyword')}
        aria-label={t('search.keyword')}
        value={keyword}
        style={{ width: isMobile ? '100%' : 240 }}
        onChange={(event) => setKeyword(event.target.value)}
        onPressEnter={() => submit()}
      />
      <Input
        allowClear
        placeholder={t('search.model')}
        aria-label={t('search.model')}
        value={model}
        style={{ width: isMobile ? '100%' : 160 }}
        onChange={(event) => setModel(event.target.value)}
        onPressEnter={() => submit()}
      />
      <Input.Password
        allowClear
        placeholder={t('search.key')}
        aria-label={t('search.key')}
        title={t('search.keyHint')}
        autoComplete="off"
        value={key}
        style={{ width: isMobile ? '100%' : 200 }}
        onChange={(event) => setKey(event.target.value)}
        onPressEnter={() => submit()}
      />
      <Select
        allowClear
        showSearch
        placeholder={t('search.group')}
        aria-label={t('search.group')}
        style={{ width: isMobile ? 150 : 140 }}
        value={value.group === '' ? undefined : value.group}
        options={groups.map((group) => ({ label: group, value: group }))}
        onChange={(group?: string) => submit(group ?? '')}
      />
      <Button type="primary" onClick={() => submit()}>
        {t('search.submit')}
      </Button>
      <Button onClick={() => onSearch(emptySearch)}>{t('search.reset')}</Button>
    </div>
  );
}
