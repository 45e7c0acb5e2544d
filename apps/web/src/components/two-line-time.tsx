import { Space, Typography } from 'antd';

/**
 * A local date and time (`YYYY-MM-DD HH:mm:ss`) on two lines, the time small and grey, so that a
 * wide list stays narrow.
 */
export function TwoLineTime({ dateTime }: { dateTime: string }) {
  const [date, time] = dateTime.split(' ');
  return (
    <Space orientation="vertical" size={0}>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Space>
  );
}
