import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedbackApis } from './notifier';

/** Mounted inside antd's `<App>`: hands its themed feedback APIs to the global notifier. */
export function NotifierBridge() {
  const apis = App.useApp();
  useEffect(() => {
    bindFeedbackApis(apis);
  }, [apis]);
  return null;
}
