import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import {
  useDeleteChannelsMutation,
  useDeleteDisabledMutation,
  useDetectAllUpstreamUpdatesMutation,
  useFixChannelsMutation,
  useRefreshAllBalancesMutation,
  useTestAllMutation,
} from '../queries';
import { detectSummaryCounts } from '../rules/upstream-updates';
import type { BulkHandlers } from './channel-list-toolbar';

interface BulkOptions {
  selectedIds: number[];
  onDeleted: () => void;
  onTagSelected: (ids: number[]) => void;
}

/** The bulk actions of the list with their messages; selection actions need a selection. */
export function useBulkHandlers({ selectedIds, onDeleted, onTagSelected }: BulkOptions) {
  const { t } = useTranslation('channels');
  const testAll = useTestAllMutation();
  const refreshAll = useRefreshAllBalancesMutation();
  const deleteDisabled = useDeleteDisabledMutation();
  const fix = useFixChannelsMutation();
  const deleteSelected = useDeleteChannelsMutation();
  const detectUpstream = useDetectAllUpstreamUpdatesMutation();

  const handlers: BulkHandlers = {
    onTestAll: () =>
      testAll.mutate(undefined, { onSuccess: () => notify.success(t('messages.testAllStarted')) }),
    onRefreshAllBalances: () =>
      refreshAll.mutate(undefined, { onSuccess: () => notify.success(t('balance.allUpdated')) }),
    onDeleteDisabled: () =>
      deleteDisabled.mutate(undefined, {
        onSuccess: (count) => notify.success(t('messages.deletedDisabled', { count })),
      }),
    onFix: () =>
      fix.mutate(undefined, {
        onSuccess: (count) => notify.success(t('messages.fixed', { count })),
      }),
    onDetectUpstreamUpdates: () =>
      detectUpstream.mutate(undefined, {
        onSuccess: (data) => {
          const summary = detectSummaryCounts(data);
          const message = t('messages.upstreamDetected', summary);
          if (summary.failed === 0) {
            notify.success(message);
            return;
          }
          const reasons = summary.failures
            .slice(0, 5)
            .map((failure) => `${failure.name || `#${failure.id}`}: ${failure.message}`)
            .join('; ');
          notify.warning(`${message} ${reasons}`);
        },
      }),
    onDeleteSelected: () => {
      if (selectedIds.length === 0) {
        notify.error(t('messages.selectToDelete'));
        return;
      }
      deleteSelected.mutate(selectedIds, {
        onSuccess: (count) => {
          notify.success(t('messages.deletedSelected', { count }));
          onDeleted();
        },
      });
    },
    onSetTag: () => {
      if (selectedIds.length === 0) {
        notify.error(t('messages.selectToTag'));
        return;
      }
      onTagSelected(selectedIds);
    },
  };

  const busy =
    testAll.isPending ||
    refreshAll.isPending ||
    deleteDisabled.isPending ||
    fix.isPending ||
    detectUpstream.isPending ||
    deleteSelected.isPending;
  return { handlers, busy };
}
