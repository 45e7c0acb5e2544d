import { Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** Small tags side by side, each named by its tooltip: several figures of a row in one cell. */
export function TipTags({ tags }: { tags: { tip: string; text: ReactNode }[] }) {
  return (
    <Space size={2} wrap>
      {tags.map(({ tip, text }) => (
        <Tooltip key={tip} title={tip}>
          <Tag>{text}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
