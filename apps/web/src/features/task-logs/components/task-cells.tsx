import { Button, Image, Modal, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { presetColor } from '../../../lib/preset-color';
import {
  elapsedColor,
  LONG_TEXT,
  progressPercent,
  shortText,
  type TagRule,
} from '../rules/task-log-rules';

/** A coloured tag from a display rule. */
export function RuleTag({ rule }: { rule: TagRule }) {
  const { t } = useTranslation('tasks');
  return <Tag color={rule.color}>{t(rule.labelKey)}</Tag>;
}

/** Elapsed seconds: red over 60 s, else green; "-" when unknown. */
export function ElapsedTag({ seconds }: { seconds: number | undefined }) {
  const { t } = useTranslation('tasks');
  if (seconds === undefined) return <span>-</span>;
  return <Tag color={elapsedColor(seconds)}>{t('seconds', { value: seconds })}</Tag>;
}

/** The channel id as a coloured tag; a click copies it. */
export function ChannelTag({ id }: { id: number }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag
      color={presetColor(id)}
      style={{ cursor: 'pointer' }}
      title={t('copyChannel')}
      onClick={() => void copyWithFeedback(String(id))}
    >
      {id}
    </Tag>
  );
}

/** A progress bar (drawings) or circle (tasks); red when the task failed. */
export function ProgressCell(props: { progress: string; status: string; circle?: boolean }) {
  const percent = progressPercent(props.progress);
  const status = props.status === 'FAILURE' ? 'exception' : percent >= 100 ? 'success' : 'active';
  if (props.circle) return <Progress type="circle" size={36} percent={percent} status={status} />;
  return <Progress percent={percent} status={status} size="small" style={{ minWidth: 120 }} />;
}

/** A long text cut in the cell; a click shows it whole in a dialog. */
export function LongText({ text, title }: { text: string; title: string }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  if (!text) return <span>-</span>;
  if (text.length <= LONG_TEXT) return <span>{text}</span>;
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)} title={t('showAll')}>
        {shortText(text)}
      </Typography.Link>
      <Modal
        open={open}
        title={title}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

/** The result image: a thumbnail that opens the viewer. */
export function ImageCell({ url }: { url: string }) {
  const { t } = useTranslation('tasks');
  if (!url) return <span>{t('drawing.noImage')}</span>;
  return (
    <Image
      width={56}
      height={56}
      style={{ objectFit: 'cover' }}
      src={url}
      alt={t('drawing.image')}
    />
  );
}

/** A task id; a click shows the task's raw JSON. */
export function TaskIdCell({ taskId, detail }: { taskId: string; detail: unknown }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {taskId || '-'}
      </Button>
      <Modal
        open={open}
        title={t('task.detail')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={640}
      >
        <pre className="tg-task-json">{JSON.stringify(detail, null, 2)}</pre>
      </Modal>
    </>
  );
}
