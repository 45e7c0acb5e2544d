import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** The round icon button of one third-party sign-in, named by its tooltip and its label. */
export function ProviderButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button shape="circle" size="large" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}
