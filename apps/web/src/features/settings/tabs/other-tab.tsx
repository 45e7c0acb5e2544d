import { Button, Card, Descriptions, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichContentView } from '../../../components/rich-content-view';
import { notify } from '../../../lib/notifier';
import { toRichContent } from '../../../lib/rich-content';
import { useStatus } from '../../../status/status-store';
import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import type { FieldSpec } from '../field-spec';
import { fetchLatestRelease, isNewerVersion, type LatestRelease } from '../version-check';

const noticeFields: FieldSpec[] = [
  { key: 'Notice', kind: 'markdown', label: 'other.notice', hint: 'other.markdownHint' },
];
const siteFields: FieldSpec[] = [
  { key: 'SystemName', kind: 'text', label: 'other.systemName' },
  {
    key: 'Logo',
    kind: 'text',
    label: 'other.logo',
    hint: 'other.logoHint',
    placeholder: 'placeholders.url',
  },
];
const homeFields: FieldSpec[] = [
  { key: 'HomePageContent', kind: 'markdown', label: 'other.home', hint: 'other.homeHint' },
];
const aboutFields: FieldSpec[] = [
  { key: 'About', kind: 'markdown', label: 'other.about', hint: 'other.homeHint' },
];
const footerFields: FieldSpec[] = [
  { key: 'Footer', kind: 'markdown', label: 'other.footer', hint: 'other.footerHint' },
];

/** Compares the running version with the newest release, when the operator asks. */
function VersionCheck() {
  const { t } = useTranslation('settings');
  const status = useStatus();
  const current = status.version ?? '';
  const [checking, setChecking] = useState(false);
  const [release, setRelease] = useState<LatestRelease | undefined>();

  const check = async () => {
    setChecking(true);
    try {
      const latest = await fetchLatestRelease(AbortSignal.timeout(10_000));
      if (isNewerVersion(latest.tag, current)) setRelease(latest);
      else notify.success(t('other.version.upToDate', { version: current }));
    } catch {
      notify.error(t('other.version.failed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card size="small" title={t('other.version.title')}>
      <Space direction="vertical">
        <Descriptions
          size="small"
          column={1}
          items={[{ key: 'current', label: t('other.version.current'), children: current || '—' }]}
        />
        <Button onClick={() => void check()} loading={checking}>
          {t('other.version.check')}
        </Button>
      </Space>
      <Modal
        open={release !== undefined}
        title={t('other.version.newTitle', { version: release?.tag ?? '' })}
        onCancel={() => setRelease(undefined)}
        footer={
          <Space>
            <Button onClick={() => setRelease(undefined)}>{t('actions.close')}</Button>
            {release?.url && (
              <Button type="primary" href={release.url} target="_blank" rel="noreferrer">
                {t('other.version.open')}
              </Button>
            )}
          </Space>
        }
      >
        <RichContentView content={toRichContent(release?.notes)} />
      </Modal>
    </Card>
  );
}

/** Site content: notice, name and logo, home page, about, footer; and the version check. */
export function OtherTab({ options }: { options: OptionValues }) {
  return (
    <div className="tg-settings-stack">
      <OptionSection title="other.noticeTitle" fields={noticeFields} options={options} />
      <OptionSection title="other.siteTitle" fields={siteFields} options={options} />
      <OptionSection title="other.homeTitle" fields={homeFields} options={options} />
      <OptionSection title="other.aboutTitle" fields={aboutFields} options={options} />
      <OptionSection title="other.footerTitle" fields={footerFields} options={options} />
      <VersionCheck />
    </div>
  );
}
