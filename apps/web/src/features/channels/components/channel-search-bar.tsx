import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterInput,
  GroupFilterSelect,
  SearchInput,
} from '../../../components/filters/filter-fields';
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
      <SearchInput
        label={t('search.keyword')}
        value={keyword}
        width={isMobile ? '100%' : 240}
        onChange={setKeyword}
        onSearch={() => submit()}
      />
      <FilterInput
        label={t('search.model')}
        value={model}
        width={isMobile ? '100%' : 160}
        onChange={setModel}
        onSearch={() => submit()}
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
      <GroupFilterSelect
        label={t('search.group')}
        groups={groups}
        value={value.group}
        width={isMobile ? 150 : 140}
        onChange={submit}
      />
      <Button type="primary" onClick={() => submit()}>
        {t('search.submit')}
      </Button>
      <Button onClick={() => onSearch(emptySearch)}>{t('search.reset')}</Button>
    </div>
  );
}
