import { GithubOutlined, SafetyCertificateOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Divider, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { readString } from '../../../lib/local-store';
import { storageKeys } from '../../../lib/storage-keys';
import type { StatusPayload } from '../../../status/status-payload';
import { fetchOAuthState, telegramLogin, wechatLogin } from '../api';
import { WeChatLoginDialog } from '../dialogs/wechat-login-dialog';
import { githubAuthorizeUrl, linuxDoAuthorizeUrl, oidcAuthorizeUrl } from './oauth-urls';
import { TelegramLoginButton } from './telegram-login-button';
import { useCompleteSignIn } from './use-sign-in';

interface ThirdPartyLoginProps {
  status: StatusPayload;
  /** Empty while a required Turnstile check has not passed yet. */
  turnstileToken: string;
  turnstileRequired: boolean;
}

/** Whether any third-party sign-in is enabled in the status payload. */
export function hasThirdPartyLogin(status: StatusPayload): boolean {
  return Boolean(
    status.github_oauth ||
      status.oidc_enabled ||
      status.linuxdo_oauth ||
      status.wechat_login ||
      status.telegram_oauth,
  );
}

function LinuxDoIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
      <circle cx="8" cy="8" r="7.5" fill="#f0f0f0" />
      <path d="M1.2 5.5a7 7 0 0 1 13.6 0z" fill="#1c1c1e" />
      <path d="M1.2 10.5h13.6a7 7 0 0 1-13.6 0z" fill="#ffb003" />
    </svg>
  );
}

/** Buttons for the enabled third-party sign-ins (GitHub, OIDC, Linux DO, WeChat, Telegram). */
export function ThirdPartyLogin({
  status,
  turnstileToken,
  turnstileRequired,
}: ThirdPartyLoginProps) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const [wechatOpen, setWechatOpen] = useState(false);
  const [wechatSubmitting, setWechatSubmitting] = useState(false);

  if (!hasThirdPartyLogin(status)) return null;

  const redirectWithState = async (buildUrl: (state: string) => string) => {
    const state = await fetchOAuthState(readString(storageKeys.affiliateCode));
    if (!state) return;
    window.location.assign(buildUrl(state));
  };

  const onWeChatSubmit = async (code: string) => {
    if (turnstileRequired && turnstileToken === '') {
      notify.info(t('turnstile.pending'));
      return;
    }
    setWechatSubmitting(true);
    try {
      const data = await wechatLogin(code);
      if (completeSignIn(data, '/')) setWechatOpen(false);
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setWechatSubmitting(false);
    }
  };

  const onTelegramAuth = async (parameters: Record<string, string>) => {
    try {
      completeSignIn(await telegramLogin(parameters), '/');
    } catch {
      // Reported by the HTTP client.
    }
  };

  return (
    <>
      <Divider plain>{t('thirdParty.divider')}</Divider>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {status.github_oauth && (
          <Tooltip title={t('thirdParty.github')}>
            <Button
              shape="circle"
              size="large"
              icon={<GithubOutlined />}
              aria-label={t('thirdParty.github')}
              onClick={() =>
                void redirectWithState((state) =>
                  githubAuthorizeUrl(status.github_client_id ?? '', state),
                )
              }
            />
          </Tooltip>
        )}
        {status.oidc_enabled && (
          <Tooltip title={t('thirdParty.oidc')}>
            <Button
              shape="circle"
              size="large"
              icon={<SafetyCertificateOutlined />}
              aria-label={t('thirdParty.oidc')}
              onClick={() =>
                void redirectWithState((state) =>
                  oidcAuthorizeUrl(
                    status.oidc_authorization_endpoint ?? '',
                    status.oidc_client_id ?? '',
                    state,
                    window.location.origin,
                  ),
                )
              }
            />
          </Tooltip>
        )}
        {status.linuxdo_oauth && (
          <Tooltip title={t('thirdParty.linuxdo')}>
            <Button
              shape="circle"
              size="large"
              icon={<LinuxDoIcon />}
              aria-label={t('thirdParty.linuxdo')}
              onClick={() =>
                void redirectWithState((state) =>
                  linuxDoAuthorizeUrl(status.linuxdo_client_id ?? '', state),
                )
              }
            />
          </Tooltip>
        )}
        {status.wechat_login && (
          <Tooltip title={t('thirdParty.wechat')}>
            <Button
              shape="circle"
              size="large"
              icon={<WechatOutlined style={{ color: '#07c160' }} />}
              aria-label={t('thirdParty.wechat')}
              onClick={() => setWechatOpen(true)}
            />
          </Tooltip>
        )}
      </Space>
      {status.telegram_oauth && status.telegram_bot_name && (
        <TelegramLoginButton
          botName={status.telegram_bot_name}
          onAuth={(parameters) => void onTelegramAuth(parameters)}
        />
      )}
      <WeChatLoginDialog
        open={wechatOpen}
        qrCodeUrl={status.wechat_qrcode ?? ''}
        submitting={wechatSubmitting}
        onSubmit={(code) => void onWeChatSubmit(code)}
        onClose={() => setWechatOpen(false)}
      />
    </>
  );
}
