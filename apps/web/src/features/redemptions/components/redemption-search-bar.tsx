import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/filters/filter-fields';
import { useIsMobile } from '../../../lib/use-is-mobile';

interface RedemptionSearchBarProps {
  value: string;
  onSearch: (keyword: string) => void;
}

/** Search by id or by the start of the name; an empty keyword shows the plain list again. */
export function RedemptionSearchBar({ value, onSearch }: RedemptionSearchBarProps) {
  const { t } = useTranslation('redemptions');
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState(value);
  const submit = (text = keyword) => onSearch(text.trim());

  return (
    <Space wrap>
      <SearchInput
        label={t('search.keyword')}
        value={keyword}
        // Narrower on phones, so that the search button stays on the same line.
        width={isMobile ? 200 : 240}
        onChange={setKeyword}
        // Clearing the field with its clear button shows the whole list again.
        onClear={() => submit('')}
        onSearch={() => submit()}
      />
      <Button type="primary" onClick={() => submit()}>
        {t('search.submit')}
      </Button>
    </Space>
  );
}
