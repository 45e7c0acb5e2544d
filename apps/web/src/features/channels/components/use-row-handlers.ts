import type { ChannelTagRow, ChannelView } from '@tollgate/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import {
  useDeleteChannelMutation,
  useEditTagMutation,
  useRefreshBalanceMutation,
  useSetTagEnabledMutation,
  useTestChannelMutation,
  useUpdateChannelMutation,
} from '../queries';
import { formatBalance } from '../rules/channel-display';
import { parsePriority, parseWeight, tagPriority, tagWeight } from '../rules/numbers';
import type { ChannelRowHandlers } from './channel-row-actions';
import { useConfirm } from '../../../lib/use-confirm';

interface RowHandlerOptions {
  onEdit: (channel: ChannelView) => void;
  onEditTag: (row: ChannelTagRow) => void;
  onCopy: (channel: ChannelView) => void;
  onManageKeys: (channel: ChannelView) => void;
}

function withId(set: ReadonlySet<number>, id: number, present: boolean): Set<number> {
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * What the rows of the list do: test, balance refresh, status, quick edits, copy, delete and the
 * tag actions, each with the feedback of the reference console. Tests and refreshes may run for
 * several rows at once, so each call reports its own outcome (`mutateAsync`).
 */
export function useRowHandlers({
  onEdit,
  onEditTag,
  onCopy,
  onManageKeys,
}: RowHandlerOptions): ChannelRowHandlers {
  const { t } = useTranslation('channels');
  const confirm = useConfirm();
  const [testing, setTesting] = useState<ReadonlySet<number>>(new Set());
  const [refreshing, setRefreshing] = useState<ReadonlySet<number>>(new Set());
  const testMutation = useTestChannelMutation();
  const balanceMutation = useRefreshBalanceMutation();
  const updateMutation = useUpdateChannelMutation();
  const deleteMutation = useDeleteChannelMutation();
  const tagStatusMutation = useSetTagEnabledMutation();
  const editTagMutation = useEditTagMutation();

  const succeed = () => notify.success(t('messages.success'));
  // Failures are reported by the HTTP client; these calls only need to end quietly.
  const quietly = (promise: Promise<unknown>) => promise.then(succeed).catch(() => undefined);

  const onTest = (channel: ChannelView, model?: string) => {
    setTesting((current) => withId(current, channel.id, true));
    testMutation
      .mutateAsync({ id: channel.id, model })
      .then((result) =>
        notify.success(
          t('messages.testSuccess', { name: channel.name, seconds: result.seconds.toFixed(2) }),
        ),
      )
      .catch(() => undefined)
      .finally(() => setTesting((current) => withId(current, channel.id, false)));
  };

  const onRefreshBalance = (channel: ChannelView) => {
    if (refreshing.has(channel.id)) return;
    setRefreshing((current) => withId(current, channel.id, true));
    balanceMutation
      .mutateAsync(channel.id)
      .then((balance) =>
        notify.success(`${t('balance.updated', { name: channel.name })} ${formatBalance(balance)}`),
      )
      .catch(() => undefined)
      .finally(() => setRefreshing((current) => withId(current, channel.id, false)));
  };

  const onQuickEdit = (channel: ChannelView, field: 'priority' | 'weight', text: string) => {
    const value = field === 'priority' ? parsePriority(text) : parseWeight(text);
    if (value === null) return false;
    return updateMutation
      .mutateAsync({ id: channel.id, [field]: value })
      .then(() => {
        succeed();
        return true;
      })
      .catch(() => false);
  };

  const onTagQuickEdit = (row: ChannelTagRow, field: 'priority' | 'weight', text: string) =>
    new Promise<boolean>((resolve) => {
      const value = field === 'priority' ? tagPriority(text) : tagWeight(text);
      if (value === null) {
        notify.error(
          t(field === 'priority' ? 'messages.priorityInteger' : 'messages.weightNonNegative'),
        );
        resolve(false);
        return;
      }
      confirm({
        title: t(field === 'priority' ? 'confirm.tagPriority' : 'confirm.tagWeight'),
        content: t(field === 'priority' ? 'confirm.tagPriorityDetail' : 'confirm.tagWeightDetail', {
          value,
        }),
        onOk: () =>
          editTagMutation
            .mutateAsync({ tag: row.tag, [field]: value })
            .then(() => {
              notify.success(t('messages.updated'));
              resolve(true);
            })
            .catch(() => resolve(false)),
        onCancel: () => resolve(false),
      });
    });

  return {
    testing,
    refreshing,
    onTest,
    onRefreshBalance,
    onEdit,
    onEditTag,
    onCopy,
    onManageKeys,
    onQuickEdit,
    onTagQuickEdit,
    onSetStatus: (channel, status) =>
      void quietly(updateMutation.mutateAsync({ id: channel.id, status })),
    onDelete: (channel) => void quietly(deleteMutation.mutateAsync(channel.id)),
    onTagStatus: (row, enabled) =>
      void quietly(tagStatusMutation.mutateAsync({ tag: row.tag, enabled })),
  };
}
