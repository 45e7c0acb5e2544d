import { Card, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifier';
import { LoginCodeStep, requiresTwoFactor } from '../../two-factor';
import { exchangeOAuthCode, type OAuthProvider } from '../api';
import { AuthCard } from './auth-card';
import { oauthCallbackPath } from './oauth-callback-paths';
import { useCompleteSignIn } from './use-sign-in';

/**
 * The page a provider sends the browser back to (`/oauth/github`, `/oauth/oidc`,
 * `/oauth/linuxdo`, `/oauth/discord`, `/oauth/<custom slug>`): hands every callback parameter to the server, then binds (back to the
 * settings with a toast), signs in (to /token; first the code step when the account has
 * two-factor sign-in on), or fails (the server's message, then to /setting, which sends a visitor
 * on to /login); see `oauthCallbackPath`.
 */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [searchParams] = useSearchParams();
  const [prompt, setPrompt] = useState(() => t('oauth.processing'));
  const [needsCode, setNeedsCode] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The code can be exchanged only once, even when effects run twice in development.
    if (started.current) return;
    started.current = true;
    exchangeOAuthCode(provider, searchParams)
      .then((envelope) => {
        if (envelope.message === 'bind') {
          notify.success(t('oauth.bound'));
          navigate(oauthCallbackPath('bound'), { replace: true });
          return;
        }
        if (requiresTwoFactor(envelope.data)) {
          setNeedsCode(true);
          return;
        }
        if (!completeSignIn(envelope.data, oauthCallbackPath('signedIn')))
          throw new Error('invalid user');
      })
      .catch(() => {
        // The HTTP client already showed the server's message.
        setPrompt(t('oauth.failed'));
        notify.error(t('oauth.failed'));
        navigate(oauthCallbackPath('failed'), { replace: true });
      });
  }, [completeSignIn, navigate, provider, searchParams, t]);

  if (needsCode) {
    return (
      <AuthCard>
        <LoginCodeStep
          onSignedIn={(data) => completeSignIn(data, oauthCallbackPath('signedIn'))}
          onBack={() => navigate('/login', { replace: true })}
        />
      </AuthCard>
    );
  }

  return (
    <Card
      style={{ minHeight: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <div style={{ textAlign: 'center' }} data-testid="oauth-callback">
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16 }}>{prompt}</Typography.Paragraph>
      </div>
    </Card>
  );
}

/** `/oauth/:slug`: the callback of a custom provider (or of a built-in one by its name). */
export function OAuthCallbackBySlug() {
  const { slug = '' } = useParams();
  return <OAuthCallbackPage key={slug} provider={slug.toLowerCase()} />;
}
