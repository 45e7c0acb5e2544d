import { Button, Card, Typography } from 'antd';
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

/** The wide primary button that submits a sign-in screen's form. */
export function AuthSubmitButton({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      size="large"
      block
      loading={loading}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/** A line under a sign-in form: where else to go (sign in, register, back to the login). */
export function AuthFootnote({ children }: { children: ReactNode }) {
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Text>{children}</Typography.Text>
    </div>
  );
}
