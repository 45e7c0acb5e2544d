import { videoContentUrl } from '../lib/video-content';

interface VideoPlayerProps {
  /** The video task's public id (`task_…`). */
  taskId: string;
  /** The player's accessible name. */
  label: string;
}

/**
 * A finished video task's file in the browser's own player. Only its metadata is fetched until
 * the user plays it; seeking asks the server for ranges.
 */
export function VideoPlayer({ taskId, label }: VideoPlayerProps) {
  return (
    <video
      src={videoContentUrl(taskId)}
      controls
      preload="metadata"
      playsInline
      aria-label={label}
      style={{
        display: 'block',
        width: '100%',
        maxHeight: '60vh',
        borderRadius: 8,
        background: '#000',
      }}
    />
  );
}
