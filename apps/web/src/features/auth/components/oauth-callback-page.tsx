import { Card, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifier';
import { setStoredUser } from '../../../session/stored-user';
import { exchangeOAuthCode, type OAuthProvider } from '../api';

/** Processes `?code&state` from a provider: binds the account or signs the user in. */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [prompt, setPrompt] = useState(() => t('oauth.processing'));
  const started = useRef(false);

  useEffect(() => {
    // The code can be exchanged only once, even when effects run twice in development.
    if (started.current) return;
    started.current = true;
    const code = searchParams.get('code') ?? '';
    const state = searchParams.get('state') ?? '';
    exchangeOAuthCode(provider, code, state)
      .then((envelope) => {
        if (envelope.message === 'bind') {
          notify.success(t('oauth.bound'));
          navigate('/setting', { replace: true });
          return;
        }
        if (!setStoredUser(envelope.data)) throw new Error('invalid user');
        notify.success(t('login.success'));
        navigate('/token', { replace: true });
      })
      .catch(() => {
        setPrompt(t('oauth.failed'));
        notify.error(t('oauth.failed'));
        navigate('/setting', { replace: true });
      });
  }, [navigate, provider, searchParams, t]);

  return (
    <Card
      style={{ minHeight: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <div style={{ textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16 }}>{prompt}</Typography.Paragraph>
      </div>
    </Card>
  );
}
