import { Col, DatePicker, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput, FilterSearchButton } from '../../../components/filters/filter-fields';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { logTypeFilters, type LogFilters } from '../rules/log-filters';

interface LogFilterBarProps {
  admin: boolean;
  value: LogFilters;
  onSearch: (filters: LogFilters) => void;
  loading: boolean;
}

const timeFormat = 'YYYY-MM-DD HH:mm:ss';
const toDayjs = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds) : null);
const toSeconds = (date: Dayjs | null | undefined) => (date ? date.unix() : 0);

/**
 * The log filters: time range, token, model and group, plus channel id and username for admins.
 * Edits apply when the search button is pressed; a new log type applies at once.
 */
export function LogFilterBar({ admin, value, onSearch, loading }: LogFilterBarProps) {
  const { t } = useTranslation('logs');
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState<LogFilters>(value);
  const set = (patch: Partial<LogFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const text = (field: 'tokenName' | 'modelName' | 'group' | 'channel' | 'username') => (
    <FilterInput
      label={t(`filters.${field}`)}
      value={draft[field]}
      onChange={(text) => set({ [field]: text })}
      onSearch={() => onSearch(draft)}
    />
  );

  return (
    <Row gutter={[8, 8]} className="tg-log-filters">
      {isMobile ? (
        <>
          <Col span={24}>
            <DatePicker
              showTime
              classNames={{ popup: { root: 'tg-log-picker' } }}
              format={timeFormat}
              style={{ width: '100%' }}
              placeholder={t('filters.start')}
              value={toDayjs(draft.startTimestamp)}
              onChange={(date: Dayjs | null) => set({ startTimestamp: toSeconds(date) })}
            />
          </Col>
          <Col span={24}>
            <DatePicker
              showTime
              classNames={{ popup: { root: 'tg-log-picker' } }}
              format={timeFormat}
              style={{ width: '100%' }}
              placeholder={t('filters.end')}
              value={toDayjs(draft.endTimestamp)}
              onChange={(date: Dayjs | null) => set({ endTimestamp: toSeconds(date) })}
            />
          </Col>
        </>
      ) : (
        <Col xs={24} xl={12}>
          <DatePicker.RangePicker
            showTime
            format={timeFormat}
            style={{ width: '100%' }}
            placeholder={[t('filters.start'), t('filters.end')]}
            allowEmpty={[true, true]}
            value={[toDayjs(draft.startTimestamp), toDayjs(draft.endTimestamp)]}
            onChange={(range) =>
              set({ startTimestamp: toSeconds(range?.[0]), endTimestamp: toSeconds(range?.[1]) })
            }
          />
        </Col>
      )}
      <Col xs={12} md={8} xl={4}>
        {text('tokenName')}
      </Col>
      <Col xs={12} md={8} xl={4}>
        {text('modelName')}
      </Col>
      <Col xs={12} md={8} xl={4}>
        {text('group')}
      </Col>
      {admin && (
        <>
          <Col xs={12} md={8} xl={4}>
            {text('channel')}
          </Col>
          <Col xs={12} md={8} xl={4}>
            {text('username')}
          </Col>
        </>
      )}
      <Col xs={12} md={8} xl={4}>
        <Select
          style={{ width: '100%' }}
          aria-label={t('filters.type')}
          value={draft.type}
          options={logTypeFilters.map((type) => ({
            value: type,
            label: type === 0 ? t('filters.allTypes') : t(`types.${type}`),
          }))}
          onChange={(type: number) => {
            const next = { ...draft, type };
            setDraft(next);
            onSearch(next);
          }}
        />
      </Col>
      <Col xs={24} md={8} xl={4}>
        <FilterSearchButton loading={loading} onSearch={() => onSearch(draft)}>
          {t('filters.submit')}
        </FilterSearchButton>
      </Col>
    </Row>
  );
}
