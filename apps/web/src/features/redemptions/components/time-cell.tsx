import { Typography } from 'antd';
import { TwoLineTime } from '../../../components/two-line-time';
import { formatLocalDateTime } from '../rules/local-time';

/**
 * A time on two lines (date, then time) so that the list stays narrow; `empty` stands for 0 (not
 * redeemed yet).
 */
export function TimeCell({ seconds, empty }: { seconds: number; empty: string }) {
  if (!seconds) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return <TwoLineTime dateTime={formatLocalDateTime(seconds)} />;
}
