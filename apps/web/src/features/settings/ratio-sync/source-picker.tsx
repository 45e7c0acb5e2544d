import type { RatioSyncSourceEntry } from '@tollgate/contracts';
import { Button, Checkbox, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An address the operator typed, read as a source. */
export interface CustomSource {
  name: string;
  base_url: string;
  endpoint: string;
}

interface SourcePickerProps {
  sources: readonly RatioSyncSourceEntry[];
  chosenIds: readonly number[];
  onChosenIds: (ids: number[]) => void;
  custom: readonly CustomSource[];
  onCustom: (custom: CustomSource[]) => void;
}

/** The sources to read: channels and presets by checkbox, plus typed addresses. */
export function SourcePicker({
  sources,
  chosenIds,
  onChosenIds,
  custom,
  onCustom,
}: SourcePickerProps) {
  const { t } = useTranslation('settings');
  const [address, setAddress] = useState('');
  const [endpoint, setEndpoint] = useState('');

  const add = () => {
    const base = address.trim();
    if (!/^https?:\/\/\S+$/i.test(base)) return;
    // The address without its scheme, and the endpoint when one is given, names the source.
    const name = `${base.replace(/^https?:\/\//i, '').replace(/\/+$/, '')}${endpoint.trim()}`;
    onCustom([...custom, { name, base_url: base, endpoint: endpoint.trim() }]);
    setAddress('');
    setEndpoint('');
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Checkbox.Group
        value={[...chosenIds]}
        onChange={(values) => onChosenIds(values.map(Number))}
        className="tg-ratio-sync-sources"
      >
        <Space wrap>
          {sources.map((source) => (
            <Checkbox key={source.id} value={source.id}>
              {source.name}{' '}
              <Typography.Text type="secondary">
                {source.id < 0 ? t('ratios.sync.preset') : source.base_url}
              </Typography.Text>
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Space wrap>
        <Input
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder="https://gateway.example.com"
          aria-label={t('ratios.sync.customAddress')}
          style={{ width: 280, maxWidth: '100%' }}
          onPressEnter={add}
        />
        <Input
          value={endpoint}
          onChange={(event) => setEndpoint(event.target.value)}
          placeholder="/api/ratio_config"
          aria-label={t('ratios.sync.endpoint')}
          style={{ width: 200, maxWidth: '100%' }}
          onPressEnter={add}
        />
        <Button onClick={add}>{t('ratios.sync.addCustom')}</Button>
      </Space>
      {custom.length > 0 && (
        <Space wrap>
          {custom.map((source, index) => (
            <Tag
              key={`${source.base_url}${source.endpoint}${index}`}
              closable
              onClose={() => onCustom(custom.filter((_, other) => other !== index))}
            >
              {source.name}
            </Tag>
          ))}
        </Space>
      )}
    </Space>
  );
}
