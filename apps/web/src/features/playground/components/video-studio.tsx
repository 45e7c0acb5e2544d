import { VideoCameraOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitPlaygroundVideo } from '../video-api';
import { fitVideoShape, videoChoices, type VideoShape } from '../video-choices';
import { refusalKey, type VideoJob } from '../video-jobs';
import { VideoJobCard } from './video-job-card';

interface VideoStudioProps {
  model: string;
  group: string;
  /** Newest first. */
  jobs: VideoJob[];
  onJob: (job: VideoJob) => void;
}

/**
 * The playground's video mode (a video model is chosen): the videos asked for so far, each
 * followed to its end, and the prompt with the length and size offered for the model.
 */
export function VideoStudio({ model, group, jobs, onJob }: VideoStudioProps) {
  const { t } = useTranslation('playground');
  const choices = useMemo(() => videoChoices(model), [model]);
  const [shape, setShape] = useState<VideoShape>(() =>
    fitVideoShape({ seconds: 0, size: '' }, choices),
  );
  const [prompt, setPrompt] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  // Another model may not offer the length or size chosen for the last one.
  useEffect(() => setShape((current) => fitVideoShape(current, choices)), [choices]);
  useEffect(() => {
    if (list.current) list.current.scrollTop = 0;
  }, [jobs.length]);

  const submit = async () => {
    const text = prompt.trim();
    if (submitting || text === '') return;
    setSubmitting(true);
    const asked = { prompt: text, model, seconds: shape.seconds, size: shape.size };
    try {
      const taskId = await submitPlaygroundVideo({
        model,
        prompt: text,
        seconds: String(shape.seconds),
        size: shape.size,
        group,
      });
      onJob({ ...asked, key: taskId, taskId });
      setPrompt('');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      onJob({ ...asked, key: refusalKey(), taskId: '', refusal: reason });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <div ref={list} className="tg-video-list" aria-live="polite">
        {jobs.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('video.empty', { model })}
            style={{ marginTop: 48 }}
          />
        ) : (
          jobs.map((job) => <VideoJobCard key={job.key} job={job} />)
        )}
      </div>
      <div className="tg-video-composer">
        <Input.TextArea
          value={prompt}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('video.placeholder')}
          aria-label={t('video.placeholder')}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <div className="tg-video-controls">
          <Select
            aria-label={t('video.seconds')}
            value={shape.seconds}
            onChange={(seconds: number) => setShape((current) => ({ ...current, seconds }))}
            options={choices.seconds.map((value) => ({
              value,
              label: t('video.secondsValue', { value }),
            }))}
            style={{ width: 96 }}
          />
          <Select
            aria-label={t('video.size')}
            value={shape.size}
            onChange={(size: string) => setShape((current) => ({ ...current, size }))}
            options={choices.sizes.map((value) => ({ value, label: value }))}
            style={{ width: 128 }}
          />
          <Button
            type="primary"
            icon={<VideoCameraOutlined />}
            loading={submitting}
            disabled={prompt.trim() === ''}
            onClick={() => void submit()}
          >
            {t('video.generate')}
          </Button>
        </div>
      </div>
    </>
  );
}
