import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../../../lib/use-busy-action';
import { signInWithPasskey } from '../../../lib/passkey-ceremony';
import { reportPasskeyError } from '../passkey-errors';

/**
 * The login page's "Sign in with a passkey" (shown when the site offers it): a discoverable
 * passkey sign-in; `onSignedIn` gets the same data as after a password sign-in.
 */
export function PasskeyLoginButton({ onSignedIn }: { onSignedIn: (data: unknown) => void }) {
  const { t } = useTranslation('passkeys');
  const busy = useBusyAction();
  const onClick = () =>
    busy.run(async () => {
      try {
        onSignedIn(await signInWithPasskey());
      } catch (error) {
        reportPasskeyError(error, t);
      }
    });
  return (
    <Button
      block
      size="large"
      icon={<KeyOutlined />}
      loading={busy.busy}
      onClick={() => void onClick()}
    >
      {t('login.button')}
    </Button>
  );
}
