import {
  DiscordOutlined,
  GithubOutlined,
  SafetyCertificateOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Divider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { readString } from '../../../lib/local-store';
import { storageKeys } from '../../../lib/storage-keys';
import type { StatusPayload } from '../../../status/status-payload';
import { requiresTwoFactor } from '../../two-factor';
import { telegramLogin, wechatLogin, type OAuthProvider } from '../api';
import { WeChatLoginDialog } from '../dialogs/wechat-login-dialog';
import { LinuxDoIcon } from './linux-do-icon';
import { ProviderIcon } from './provider-icon';
import { redirectToProvider } from './provider-redirect';
import { TelegramLoginButton } from './telegram-login-button';
import { ProviderButton } from './provider-button';
import { useCompleteSignIn } from './use-sign-in';

interface ThirdPartyLoginProps {
  status: StatusPayload;
  /** Empty while a required Turnstile check has not passed yet. */
  turnstileToken: string;
  turnstileRequired: boolean;
  /** The account has two-factor sign-in on: the login page asks for the code next. */
  onRequireTwoFactor: () => void;
}

/** Whether any third-party sign-in is enabled in the status payload. */
export function hasThirdPartyLogin(status: StatusPayload): boolean {
  return Boolean(
    status.github_oauth ||
      status.oidc_enabled ||
      status.linuxdo_oauth ||
      status.discord_oauth ||
      status.wechat_login ||
      status.telegram_oauth ||
      (status.custom_oauth_providers?.length ?? 0) > 0,
  );
}

/**
 * Buttons for the enabled third-party sign-ins (GitHub, OIDC, Linux DO, Discord, WeChat, the
 * custom providers root added, Telegram).
 */
export function ThirdPartyLogin({
  status,
  turnstileToken,
  turnstileRequired,
  onRequireTwoFactor,
}: ThirdPartyLoginProps) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const [wechatOpen, setWechatOpen] = useState(false);
  const [wechatSubmitting, setWechatSubmitting] = useState(false);

  if (!hasThirdPartyLogin(status)) return null;

  const redirect = (provider: OAuthProvider) => {
    redirectToProvider(provider, status, readString(storageKeys.affiliateCode)).catch(() => {
      // Reported by the HTTP client.
    });
  };

  const onWeChatSubmit = async (code: string) => {
    if (turnstileRequired && turnstileToken === '') {
      notify.info(t('turnstile.pending'));
      return;
    }
    setWechatSubmitting(true);
    try {
      const data = await wechatLogin(code);
      if (requiresTwoFactor(data)) {
        setWechatOpen(false);
        onRequireTwoFactor();
      } else if (completeSignIn(data, '/')) setWechatOpen(false);
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setWechatSubmitting(false);
    }
  };

  const onTelegramAuth = async (parameters: Record<string, string>) => {
    try {
      const data = await telegramLogin(parameters);
      if (requiresTwoFactor(data)) onRequireTwoFactor();
      else completeSignIn(data, '/');
    } catch {
      // Reported by the HTTP client.
    }
  };

  // In the order shown; WeChat asks for the code its account sends instead of redirecting.
  const providerButtons = [
    {
      name: 'github',
      enabled: status.github_oauth,
      icon: <GithubOutlined />,
      onClick: () => redirect('github'),
    },
    {
      name: 'oidc',
      enabled: status.oidc_enabled,
      icon: <SafetyCertificateOutlined />,
      onClick: () => redirect('oidc'),
    },
    {
      name: 'linuxdo',
      enabled: status.linuxdo_oauth,
      icon: <LinuxDoIcon />,
      onClick: () => redirect('linuxdo'),
    },
    {
      name: 'discord',
      enabled: status.discord_oauth,
      icon: <DiscordOutlined style={{ color: '#5865f2' }} />,
      onClick: () => redirect('discord'),
    },
    {
      name: 'wechat',
      enabled: status.wechat_login,
      icon: <WechatOutlined style={{ color: '#07c160' }} />,
      onClick: () => setWechatOpen(true),
    },
  ];

  return (
    <>
      <Divider plain>{t('thirdParty.divider')}</Divider>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {providerButtons
          .filter(({ enabled }) => enabled)
          .map(({ name, icon, onClick }) => (
            <ProviderButton
              key={name}
              label={t(`thirdParty.${name}`)}
              icon={icon}
              onClick={onClick}
            />
          ))}
        {(status.custom_oauth_providers ?? []).map((provider) => (
          <ProviderButton
            key={`custom-${provider.slug}`}
            label={t('thirdParty.custom', { name: provider.name })}
            icon={<ProviderIcon icon={provider.icon} name={provider.name} />}
            onClick={() => redirect(provider.slug)}
          />
        ))}
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
