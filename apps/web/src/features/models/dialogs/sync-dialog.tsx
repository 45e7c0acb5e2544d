import { Button, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../components/forms/form-dialog';
import type { SyncResult } from '../model-shapes';
import { useSyncMutation, useSyncPreviewQuery } from '../queries';
import {
  chosenFieldCount,
  emptySelection,
  overwriteList,
  type SyncSelection,
} from '../rules/sync-selection';
import { SyncPreviewView } from './sync-preview-view';
import { SyncResultView } from './sync-result-view';

/** Locales of the official data ('' asks for the default files). */
const syncLocales = ['', 'en', 'zh-CN', 'zh-TW', 'ja'] as const;

/**
 * The official sync: choose the data's language, check the differences (the models it would
 * create and the fields where your models differ), tick the fields to overwrite, sync, and read
 * what it did.
 */
export function SyncDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation('models');
  const [locale, setLocale] = useState<string>('');
  const [checking, setChecking] = useState(false);
  const [selection, setSelection] = useState<SyncSelection>(emptySelection);
  const [result, setResult] = useState<SyncResult | null>(null);
  const preview = useSyncPreviewQuery(locale, open && checking);
  const mutation = useSyncMutation();
  const conflicts = preview.data?.conflicts ?? [];
  const chosen = chosenFieldCount(selection);

  const close = () => {
    setChecking(false);
    setSelection(emptySelection);
    setResult(null);
    onClose();
  };
  const apply = () =>
    mutation.mutate(
      { overwrite: overwriteList(conflicts, selection), locale },
      { onSuccess: setResult },
    );

  const footer = result ? (
    <Button type="primary" onClick={close}>
      {t('common:ok')}
    </Button>
  ) : (
    <Space>
      <Button onClick={close}>{t('common:cancel')}</Button>
      <Button type="primary" disabled={!preview.data} loading={mutation.isPending} onClick={apply}>
        {chosen > 0 ? t('sync.applyCount', { count: chosen }) : t('sync.apply')}
      </Button>
    </Space>
  );

  return (
    <Modal
      title={t('sync.title')}
      open={open}
      centered
      width={760}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      {result ? (
        <SyncResultView result={result} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('sync.intro')}
          </Typography.Paragraph>
          <Space wrap>
            <Typography.Text>{t('sync.locale')}</Typography.Text>
            <Select<string>
              value={locale}
              aria-label={t('sync.locale')}
              style={{ width: 180 }}
              options={syncLocales.map((value) => ({
                value,
                label: t(`sync.locales.${value === '' ? 'default' : value}`),
              }))}
              onChange={(next) => {
                setLocale(next);
                setSelection(emptySelection);
              }}
            />
            <Button
              loading={preview.isFetching}
              onClick={() => (checking ? void preview.refetch() : setChecking(true))}
            >
              {t('sync.check')}
            </Button>
          </Space>
          {preview.data && (
            <SyncPreviewView
              preview={preview.data}
              selection={selection}
              onSelectionChange={setSelection}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
