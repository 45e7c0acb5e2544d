import { Spin } from 'antd';
import type { ReactNode } from 'react';

/**
 * The body of a form that edits a stored row: a spinner over it while the row loads, and an empty
 * placeholder of `minHeight` until `row` is there to draw the form with.
 */
export function LoadingFormBody<Row>({
  spinning,
  row,
  minHeight = 200,
  children,
}: {
  spinning: boolean;
  /** What the form needs before it can be drawn (its initial values, the loaded row). */
  row: Row | null | undefined;
  minHeight?: number;
  children: (row: Row) => ReactNode;
}) {
  return (
    <Spin spinning={spinning}>
      {row === null || row === undefined ? <div style={{ minHeight }} /> : children(row)}
    </Spin>
  );
}
