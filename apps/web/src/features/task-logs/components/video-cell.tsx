import { PlayCircleOutlined } from '@ant-design/icons';
import type { TaskLogRow } from '@tollgate/contracts';
import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../../components/video-player';
import { videoTaskInfo, type VideoTaskInfo } from '../rules/video-task';

/** The finished video in a dialog, with what was asked for; closing it stops the player. */
function VideoPreview({ taskId, video }: { taskId: string; video: VideoTaskInfo }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<PlayCircleOutlined />} onClick={() => setOpen(true)}>
        {t('video.preview')}
      </Button>
      <Modal
        open={open}
        title={t('video.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={720}
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <VideoPlayer taskId={taskId} label={t('video.player')} />
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'id', label: t('columns.taskId'), children: taskId },
              { key: 'model', label: t('video.model'), children: video.model || '-' },
              {
                key: 'prompt',
                label: t('video.prompt'),
                children: (
                  <Typography.Paragraph
                    style={{ marginBottom: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  >
                    {video.prompt || '-'}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        </Space>
      </Modal>
    </>
  );
}

/**
 * A video task's length and size, and once it succeeded the button that plays it; '-' for other
 * tasks. A failed video's reason is in the failure column.
 */
export function VideoCell({ row }: { row: TaskLogRow }) {
  const { t } = useTranslation('tasks');
  const video = videoTaskInfo(row);
  if (!video) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap style={{ minWidth: 120 }}>
      {video.seconds > 0 && <Tag>{t('seconds', { value: video.seconds })}</Tag>}
      {video.size !== '' && <Tag>{video.size}</Tag>}
      {row.status === 'SUCCESS' && row.task_id !== '' && (
        <VideoPreview taskId={row.task_id} video={video} />
      )}
    </Space>
  );
}
