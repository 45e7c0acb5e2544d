import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ModelSearchInputProps {
  onSearch: (query: string) => void;
}

/**
 * The model-name search box. While an input method is composing (pinyin, kana…) the half-typed
 * text is not searched; the composed text is, once composition ends.
 */
export function ModelSearchInput({ onSearch }: ModelSearchInputProps) {
  const { t } = useTranslation('pricing');
  const [text, setText] = useState('');
  const composing = useRef(false);

  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={t('search.placeholder')}
      value={text}
      style={{ width: 260, maxWidth: '100%' }}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={(event) => {
        composing.current = false;
        onSearch(event.currentTarget.value);
      }}
      onChange={(event) => {
        setText(event.target.value);
        const native = event.nativeEvent as Partial<InputEvent>;
        if (!composing.current && !native.isComposing) onSearch(event.target.value);
      }}
    />
  );
}
