import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../../components/video-player';
import { fetchVideoTask } from '../video-api';
import { isJobOver, videoJobState, type VideoJob } from '../video-jobs';

/** How often a job still under way is read again (ms). */
const POLL_INTERVAL_MS = 3000;

const phaseColors = { waiting: 'gold', running: 'blue', done: 'green', failed: 'red' } as const;

/**
 * One video of the playground: what was asked for, then a progress bar read from the task log
 * every few seconds until the task ends, then the player (or the failure's reason).
 */
export function VideoJobCard({ job }: { job: VideoJob }) {
  const { t } = useTranslation('playground');
  const task = useQuery({
    queryKey: ['playground', 'video', job.taskId],
    queryFn: () => fetchVideoTask(job.taskId),
    enabled: job.taskId !== '',
    refetchInterval: (query) =>
      isJobOver(videoJobState(job, query.state.data)) ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
  const state = videoJobState(job, task.data);

  return (
    <Card size="small" className="tg-video-job" data-task-id={job.taskId || undefined}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Typography.Paragraph
          className="tg-video-prompt"
          ellipsis={{ rows: 3, expandable: true, symbol: t('video.more') }}
        >
          {job.prompt}
        </Typography.Paragraph>
        <Space size={[4, 4]} wrap>
          <Tag color={phaseColors[state.phase]}>{t(`video.phase.${state.phase}`)}</Tag>
          <Tag>{job.model}</Tag>
          <Tag>{t('video.secondsValue', { value: job.seconds })}</Tag>
          <Tag>{job.size}</Tag>
        </Space>
        {!isJobOver(state) && (
          <Progress percent={state.percent} status="active" aria-label={t('video.progress')} />
        )}
        {state.phase === 'done' && <VideoPlayer taskId={job.taskId} label={t('video.player')} />}
        {state.phase === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={job.refusal === undefined ? t('video.failed') : t('video.refused')}
            description={state.reason || t('video.noReason')}
          />
        )}
      </Space>
    </Card>
  );
}
