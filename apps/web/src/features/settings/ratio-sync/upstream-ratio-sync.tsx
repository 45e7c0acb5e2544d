import type { RatioSyncResult } from '@tollgate/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import { sectionFields } from '../field-spec';
import { useSaveOptionsMutation } from '../queries';
import { DifferencesTable } from './differences-table';
import { fetchRatioDifferences, fetchRatioSources } from './ratio-sync-api';
import { answeringSources, differenceRows, planRatioSync, type Selection } from './ratio-sync-plan';
import { SourcePicker, type CustomSource } from './source-picker';

const exposeFields = sectionFields('ratios.sync', [
  { key: 'ExposeRatioEnabled', kind: 'switch', label: 'expose', hint: true },
]);

/**
 * Settings → ratios → upstream ratio sync: read other instances' (or public catalogues') ratios,
 * compare them with this site's, pick values and write them into the ratio options (after a
 * confirmation, through the ordinary option saves). Also the switch that lets other instances
 * read this one's ratios.
 */
export function UpstreamRatioSync({ options }: { options: OptionValues }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const sourcesQuery = useQuery({
    queryKey: ['ratio-sync', 'sources'],
    queryFn: fetchRatioSources,
  });
  const saveMutation = useSaveOptionsMutation();
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const [custom, setCustom] = useState<CustomSource[]>([]);
  const [selection, setSelection] = useState<Selection>({});
  const [filter, setFilter] = useState('');
  const fetchMutation = useMutation<RatioSyncResult>({
    mutationFn: () =>
      fetchRatioDifferences({
        channel_ids: chosenIds,
        upstreams: custom.map((source) => ({ ...source, endpoint: source.endpoint || undefined })),
      }),
    onSuccess: () => setSelection({}),
  });
  const result = fetchMutation.data;

  const rows = useMemo(() => (result ? differenceRows(result) : []), [result]);
  const shownRows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? rows.filter((row) => row.model.toLowerCase().includes(needle)) : rows;
  }, [rows, filter]);
  const sources = useMemo(() => (result ? answeringSources(result) : []), [result]);
  const chosenCount = Object.keys(selection).length;

  const fetchNow = () => {
    if (chosenIds.length === 0 && custom.length === 0) {
      return notify.error(t('ratios.sync.chooseFirst'));
    }
    fetchMutation.mutate();
  };

  const apply = () => {
    const saves = planRatioSync(rows, selection, options);
    if (saves.length === 0) return notify.error(t('ratios.sync.selectFirst'));
    confirm({
      title: t('ratios.sync.confirmTitle'),
      content: t('ratios.sync.confirmContent', {
        count: chosenCount,
        options: saves.map((save) => save.key).join(', '),
      }),
      onOk: async () => {
        const failed = await saveMutation.mutateAsync(saves);
        if (failed.length > 0) {
          notify.error(failed.map((item) => `${item.key}: ${item.message}`).join('；'));
          return;
        }
        notify.success(t('ratios.sync.applied', { count: chosenCount }));
        fetchMutation.mutate();
      },
    });
  };

  return (
    <div className="tg-settings-stack">
      <OptionSection title="ratios.sync.exposeTitle" fields={exposeFields} options={options} />
      <Card size="small" title={t('ratios.sync.title')} className="tg-ratio-sync">
        <Alert
          type="info"
          showIcon
          title={t('ratios.sync.description')}
          style={{ marginBottom: 12 }}
        />
        <SourcePicker
          sources={sourcesQuery.data ?? []}
          chosenIds={chosenIds}
          onChosenIds={setChosenIds}
          custom={custom}
          onCustom={setCustom}
        />
        <Space wrap style={{ margin: '12px 0' }}>
          <Button type="primary" onClick={fetchNow} loading={fetchMutation.isPending}>
            {t('ratios.sync.fetch')}
          </Button>
          <Button onClick={apply} disabled={chosenCount === 0} loading={saveMutation.isPending}>
            {t('ratios.sync.apply', { count: chosenCount })}
          </Button>
          <Input.Search
            allowClear
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t('ratios.sync.filter')}
            aria-label={t('ratios.sync.filter')}
            style={{ width: 220 }}
          />
        </Space>
        {result && (
          <Space
            orientation="vertical"
            style={{ width: '100%', marginBottom: 12 }}
            className="tg-ratio-sync-results"
          >
            <Space wrap>
              {result.test_results
                .filter((test) => test.status === 'success')
                .map((test) => (
                  <Tag key={test.name} color="success">
                    {test.name}
                  </Tag>
                ))}
            </Space>
            {result.test_results
              .filter((test) => test.status === 'error')
              .map((test) => (
                <Alert
                  key={test.name}
                  type="error"
                  showIcon
                  style={{ overflowWrap: 'anywhere' }}
                  title={`${test.name}: ${test.error ?? t('ratios.sync.failed')}`}
                />
              ))}
          </Space>
        )}
        {result && rows.length === 0 ? (
          <Empty description={t('ratios.sync.noDifferences')} />
        ) : result ? (
          <DifferencesTable
            rows={shownRows}
            sources={sources}
            selection={selection}
            onSelection={setSelection}
          />
        ) : null}
      </Card>
    </div>
  );
}
