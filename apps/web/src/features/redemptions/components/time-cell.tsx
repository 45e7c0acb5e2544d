import { Space, Typography } from 'antd';
import { formatLocalDateTime } from '../rules/local-time';

/**
 * A time on two lines (date, then time) so that the list stays narrow; `empty` stands for 0 (not
 * redeemed yet).
 */
export function TimeCell({ seconds, empty }: { seconds: number; empty: string }) {
  if (!seconds) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  const [date, time] = formatLocalDateTime(seconds).split(' ');
  return (
    <Space orientation="vertical" size={0}>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Space>
  );
}
