import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../../../lib/use-busy-action';

/**
 * The login page's "Sign in with a passkey" (shown when the site offers it): a discoverable
 * passkey sign-in; `onSignedIn` gets the same data as after a password sign-in.
 */
export function PasskeyLoginButton({ onSignedIn }: { onSignedIn: (data: unknown) => void }) {
  const { t } = useTranslation('passkeys');
  const busy = useBusyAction();
  const onClick = () =>
    busy.run(async () => {
      // Loaded on the click: the login page's first load stays without the WebAuthn library.
      const ceremony = await import('../../../lib/passkey-ceremony');
      try {
        onSignedIn(await ceremony.signInWithPasskey());
      } catch (error) {
        ceremony.reportPasskeyError(error, t);
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
