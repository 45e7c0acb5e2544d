import { Card, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { notify } from '../../lib/notifier';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useStoredUser } from '../../session/stored-user';
import { useStatus } from '../../status/status-store';
import type { PricingModel } from './api';
import { ModelDetail } from './components/model-detail';
import { PricingBanner } from './components/pricing-banner';
import { PricingFilters } from './components/pricing-filters';
import { PricingToolbar, type PricingViewOptions } from './components/pricing-toolbar';
import { usePricingColumns } from './components/use-pricing-columns';
import { fuzzyFilter } from './fuzzy-search';
import {
  filterByMetadata,
  hasCatalogue,
  hasDetail,
  hasMetadataChoices,
  metadataChoices,
  noMetadataFilters,
  type MetadataFilters,
} from './pricing-metadata';
import {
  defaultTopUpPrice,
  defaultUsdExchangeRate,
  formatRatio,
  type PriceDisplay,
} from './price-display';
import { usePricingQuery } from './queries';

/** The public pricing page: every model of an enabled channel with its price for a group. */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const user = useStoredUser();
  const isMobile = useIsMobile();
  const status = useStatus();
  const query = usePricingQuery(user?.id ?? null);
  const userGroup = user ? user.group || 'default' : null;
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const viewedGroup = chosenGroup ?? userGroup ?? 'default';
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [filters, setFilters] = useState<MetadataFilters>(noMetadataFilters);
  const [view, setView] = useState<PricingViewOptions>({
    showRatio: true,
    withTopUpPrice: false,
    currency: 'USD',
  });

  const data = query.data;
  const groupRatio = useMemo(() => data?.groupRatio ?? {}, [data]);
  const usableGroups = useMemo(() => data?.usableGroups ?? {}, [data]);
  const vendors = useMemo(() => data?.vendors ?? [], [data]);
  const endpointRoutes = useMemo(() => data?.endpointRoutes ?? {}, [data]);
  // Filters and details only once the catalogue describes some model: the page otherwise keeps
  // its look from before the catalogue.
  const catalogued = useMemo(() => hasCatalogue(data?.models ?? []), [data]);
  const choices = useMemo(() => metadataChoices(data?.models ?? [], vendors), [data, vendors]);
  const topUpEnabled = status.enable_online_topup === true;
  const priceDisplay = useMemo<PriceDisplay>(
    () => ({
      withTopUpPrice: topUpEnabled && view.withTopUpPrice,
      currency: view.currency,
      topUpPrice: status.price ?? defaultTopUpPrice,
      usdExchangeRate: status.usd_exchange_rate ?? defaultUsdExchangeRate,
    }),
    [topUpEnabled, view, status.price, status.usd_exchange_rate],
  );

  const onViewGroup = useCallback(
    (group: string) => {
      setChosenGroup(group);
      notify.info(t('groupSwitched', { group, ratio: formatRatio(groupRatio[group] ?? 1) }));
    },
    [groupRatio, t],
  );

  const columns = usePricingColumns({
    viewedGroup,
    groupRatio,
    usableGroups,
    showRatio: view.showRatio,
    priceDisplay,
    onViewGroup,
    compact: isMobile,
    vendors,
  });
  const rows = useMemo(
    () =>
      fuzzyFilter(
        filterByMetadata(data?.models ?? [], filters),
        search,
        (entry) => entry.model_name,
      ),
    [data, filters, search],
  );
  const withDetails = useMemo(
    () => catalogued && (data?.models ?? []).some(hasDetail),
    [catalogued, data],
  );

  return (
    <Card title={t('title')} size={isMobile ? 'small' : 'default'}>
      <PricingBanner userGroup={userGroup} groupRatio={groupRatio} />
      <PricingToolbar
        view={view}
        onViewChange={setView}
        onSearch={setSearch}
        selectedCount={selected.length}
        onCopySelected={() => void copyWithFeedback(selected.join(','))}
        topUpEnabled={topUpEnabled}
        viewedGroup={viewedGroup}
        viewedRatio={groupRatio[viewedGroup] ?? 1}
      />
      {catalogued && hasMetadataChoices(choices) && (
        <PricingFilters choices={choices} value={filters} onChange={setFilters} />
      )}
      <Table<PricingModel>
        columns={columns}
        dataSource={rows}
        rowKey="model_name"
        loading={query.isFetching}
        pagination={false}
        size="middle"
        scroll={isMobile ? undefined : { x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        expandable={
          withDetails
            ? {
                rowExpandable: hasDetail,
                expandedRowRender: (model) => (
                  <ModelDetail model={model} endpointRoutes={endpointRoutes} />
                ),
              }
            : undefined
        }
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
      />
    </Card>
  );
}
