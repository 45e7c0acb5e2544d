import { Spin } from 'antd';

/** Centred spinner for a screen that is still loading. */
export function PageLoading() {
  return (
    <div className="tg-page-loading">
      <Spin size="large" />
    </div>
  );
}
