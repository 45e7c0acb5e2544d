import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the sign-in screens, with the screen's title on top when it has one. */
export function AuthCard({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <div className="tg-auth-page">
      <Card className="tg-auth-card">
        {title !== undefined && (
          <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
            {title}
          </Typography.Title>
        )}
        {children}
      </Card>
    </div>
  );
}
