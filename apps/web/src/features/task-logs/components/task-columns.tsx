import type { DataTableColumn } from '../../../components/data-table';
import { elapsedSeconds, isFinalStatus, type TagRule } from '../rules/task-log-rules';
import { ChannelTag, ElapsedTag, LongText, RuleTag } from './task-cells';

/** What both logs' rows share: submit and finish times in the log's unit, status and failure. */
interface TaskRowBasics {
  submit_time: number;
  finish_time: number;
  status: string;
  fail_reason: string;
  /** Missing in the task log for users (admins only). */
  channel_id?: number;
}

/** How long the task took (or has taken so far, while it runs). */
export function elapsedColumn<Row extends TaskRowBasics>(
  title: string,
  unit: 'ms' | 's',
): DataTableColumn<Row> {
  return {
    key: 'elapsed',
    title,
    render: (_, row) => (
      <ElapsedTag
        seconds={elapsedSeconds(row.submit_time, row.finish_time, unit, isFinalStatus(row.status))}
      />
    ),
  };
}

/** The channel that ran the task (shown to admins). */
export function channelColumn<Row extends TaskRowBasics>(title: string): DataTableColumn<Row> {
  return { key: 'channel', title, render: (_, row) => <ChannelTag id={row.channel_id ?? 0} /> };
}

/** A long text of the row, cut short in the cell and shown whole in a dialog titled `title`. */
export function longTextColumn<Row>(
  key: string,
  title: string,
  text: (row: Row) => string,
): DataTableColumn<Row> {
  return { key, title, render: (_, row) => <LongText text={text(row)} title={title} /> };
}

/** A coloured tag for one field of the row, by the rule that names and colours its values. */
export function tagColumn<Row>(
  key: string,
  title: string,
  rule: (row: Row) => TagRule,
): DataTableColumn<Row> {
  return { key, title, render: (_, row) => <RuleTag rule={rule(row)} /> };
}
