import { Col, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filters/filter-bar';
import { FilterTimePicker, filterTimeFormat } from '../../../components/filters/filter-time-picker';
import { useFilterDraft } from '../../../components/filters/use-filter-draft';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  LIMIT_KINDS,
  LIMIT_REFUSAL_ANY,
  LIMIT_SCOPES,
  type LimitRefusalFilter,
} from '@tollgate/contracts';
import {
  logTypeFilters,
  routingFilters,
  type LogFilters,
  type RoutingFilter,
} from '../rules/log-filters';

interface LogFilterBarProps {
  admin: boolean;
  value: LogFilters;
  onSearch: (filters: LogFilters) => void;
  loading: boolean;
}

/** The text filters in their order on screen; admins also filter by channel id and username. */
const textFields = ['tokenName', 'modelName', 'group'] as const;
const adminTextFields = [...textFields, 'channel', 'username'] as const;
/** On phones the range is two pickers, one a row. */
const timeFields = [
  { field: 'startTimestamp', label: 'filters.start' },
  { field: 'endTimestamp', label: 'filters.end' },
] as const;
const toDayjs = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds) : null);
const toSeconds = (date: Dayjs | null | undefined) => (date ? date.unix() : 0);

/**
 * The log filters: time range, token, model and group, plus channel id and username for admins.
 * Edits apply when the search button is pressed; a new log type, limit refusal or routing outcome
 * (cache hits only, fallbacks only) applies at once.
 */
export function LogFilterBar({ admin, value, onSearch, loading }: LogFilterBarProps) {
  const { t } = useTranslation('logs');
  const { t: limitText } = useTranslation('limits');
  const isMobile = useIsMobile();
  const { draft, setDraft, set, search, textFilter } = useFilterDraft(value, onSearch);

  return (
    <FilterBar
      className="tg-log-filters"
      searchLabel={t('filters.submit')}
      searchColumn={{ xs: 24, md: 8, xl: 4 }}
      loading={loading}
      onSearch={search}
    >
      {isMobile ? (
        timeFields.map(({ field, label }) => (
          <Col key={field} span={24}>
            <FilterTimePicker
              popupClassName="tg-stacked-picker"
              label={t(label)}
              value={toDayjs(draft[field])}
              onChange={(date) => set({ [field]: toSeconds(date) })}
            />
          </Col>
        ))
      ) : (
        <Col xs={24} xl={12}>
          <DatePicker.RangePicker
            showTime
            format={filterTimeFormat}
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
      {(admin ? adminTextFields : textFields).map((field) => (
        <Col key={field} xs={12} md={8} xl={4}>
          {textFilter(field, t(`filters.${field}`))}
        </Col>
      ))}
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
      <Col xs={12} md={8} xl={4}>
        <Select<LimitRefusalFilter>
          style={{ width: '100%' }}
          aria-label={limitText('refusal.filter')}
          value={draft.limitRefusal}
          popupMatchSelectWidth={false}
          options={[
            { value: '', label: limitText('refusal.all') },
            { value: LIMIT_REFUSAL_ANY, label: limitText('refusal.any') },
            ...LIMIT_SCOPES.map((scope) => ({
              label: limitText(`scopes.${scope}`),
              title: scope,
              options: LIMIT_KINDS.map((kind) => ({
                value: `${scope}.${kind}` as const,
                label: limitText('refusal.option', {
                  scope: limitText(`scopes.${scope}`),
                  limit: limitText(`kinds.${kind}`),
                }),
              })),
            })),
          ]}
          onChange={(limitRefusal) => {
            const next = { ...draft, limitRefusal };
            setDraft(next);
            onSearch(next);
          }}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Select<RoutingFilter>
          style={{ width: '100%' }}
          aria-label={t('filters.routing')}
          value={draft.routing}
          popupMatchSelectWidth={false}
          options={routingFilters.map((routing) => ({
            value: routing,
            label: t(`filters.routingOptions.${routing === '' ? 'all' : routing}`),
          }))}
          onChange={(routing) => {
            const next = { ...draft, routing };
            setDraft(next);
            onSearch(next);
          }}
        />
      </Col>
    </FilterBar>
  );
}
