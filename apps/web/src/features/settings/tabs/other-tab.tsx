import { Button, Card, Descriptions, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichContentView } from '../../../components/rich-content-view';
import { notify } from '../../../lib/notifier';
import { toRichContent } from '../../../lib/rich-content';
import { useStatus } from '../../../status/status-store';
import type { OptionValues } from '../api';
import { SectionStack } from '../components/section-stack';
import { sectionFields } from '../field-spec';
import { fetchLatestRelease, isNewerVersion, type LatestRelease } from '../version-check';

const noticeFields = sectionFields('other', [
  { key: 'Notice', kind: 'markdown', label: 'notice', hint: 'markdownHint' },
]);
const siteFields = sectionFields('other', [
  { key: 'SystemName', kind: 'text', label: 'systemName' },
  { key: 'Logo', kind: 'text', label: 'logo', hint: true, placeholder: 'placeholders.url' },
]);
const homeFields = sectionFields('other', [
  { key: 'HomePageContent', kind: 'markdown', label: 'home', hint: true },
]);
const aboutFields = sectionFields('other', [
  { key: 'About', kind: 'markdown', label: 'about', hint: 'homeHint' },
]);
const footerFields = sectionFields('other', [
  { key: 'Footer', kind: 'markdown', label: 'footer', hint: true },
]);

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
    <SectionStack
      sections={[
        { title: 'other.noticeTitle', fields: noticeFields },
        { title: 'other.siteTitle', fields: siteFields },
        { title: 'other.homeTitle', fields: homeFields },
        { title: 'other.aboutTitle', fields: aboutFields },
        { title: 'other.footerTitle', fields: footerFields },
      ]}
      options={options}
    >
      <VersionCheck />
    </SectionStack>
  );
}
