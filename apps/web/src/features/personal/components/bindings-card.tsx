import {
  DiscordOutlined,
  GithubOutlined,
  LinkOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Button, Card, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import {
  LinuxDoIcon,
  redirectToProvider,
  telegramBind,
  TelegramLoginButton,
  WeChatLoginDialog,
  wechatBind,
  type OAuthProvider,
} from '../../auth';
import type { SelfUser } from '../api';
import { EmailBindDialog } from '../dialogs/email-bind-dialog';
import { useRefreshSelf } from '../../../session/self-user';
import { CustomBindings } from './custom-bindings';

/** The identity kinds the card lists, in the spec's order. */
type BindingKind = 'email' | 'wechat' | 'github' | 'oidc' | 'telegram' | 'linuxdo' | 'discord';

interface BindingRowProps {
  kind: BindingKind;
  icon: ReactNode;
  /** What is bound ('' when nothing). */
  value: string;
  action: ReactNode;
}

function BindingRow({ kind, icon, value, action }: BindingRowProps) {
  const { t } = useTranslation('personal');
  return (
    <div className="tg-binding-row" data-testid={`binding-${kind}`}>
      <div className="tg-binding-icon">{icon}</div>
      <div className="tg-binding-text">
        <Typography.Text strong>{t(`bindings.${kind}`)}</Typography.Text>
        {value ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('bindings.notBound')}</Typography.Text>
        )}
      </div>
      <div className="tg-binding-action">{action}</div>
    </div>
  );
}

/**
 * Personal settings: the email and third-party identities bound to the account, and binding
 * more. GitHub, OIDC, Linux DO, Discord and the custom providers go to the provider and come back through `/oauth/<provider>`;
 * WeChat takes the code its official account sends; Telegram binds through its widget; email
 * through a mailed code. A provider the administrator has not switched on cannot be bound.
 */
export function BindingsCard({ user }: { user: SelfUser | undefined }) {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const refreshSelf = useRefreshSelf();
  const [emailOpen, setEmailOpen] = useState(false);
  const [wechatOpen, setWechatOpen] = useState(false);
  const [wechatSubmitting, setWechatSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState<OAuthProvider | null>(null);

  const bindThrough = (provider: OAuthProvider) => {
    setRedirecting(provider);
    redirectToProvider(provider, status, null).catch(() => {
      // Reported by the HTTP client.
      setRedirecting(null);
    });
  };

  const onWeChatCode = async (code: string) => {
    if (code.trim() === '') {
      notify.error(t('bindings.wechatCodeRequired'));
      return;
    }
    setWechatSubmitting(true);
    try {
      await wechatBind(code.trim());
      notify.success(t('bindings.bound'));
      setWechatOpen(false);
      await refreshSelf();
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setWechatSubmitting(false);
    }
  };

  const onTelegramAuth = async (parameters: Record<string, string>) => {
    try {
      await telegramBind(parameters);
      notify.success(t('bindings.bound'));
      await refreshSelf();
    } catch {
      // Reported by the HTTP client.
    }
  };

  const disabledButton = (
    <Tooltip title={t('bindings.disabled')}>
      <Button disabled>{t('bindings.bind')}</Button>
    </Tooltip>
  );

  const boundTag = <Tag color="green">{t('bindings.boundTag')}</Tag>;

  /** The button of a provider that redirects; once bound, a tag (it cannot be bound again). */
  const redirectButton = (provider: OAuthProvider, enabled: boolean, bound: boolean) => {
    if (bound) return boundTag;
    if (!enabled) return disabledButton;
    return (
      <Button loading={redirecting === provider} onClick={() => bindThrough(provider)}>
        {t('bindings.bind')}
      </Button>
    );
  };

  const telegramAction = () => {
    if (user?.telegram_id) return boundTag;
    if (!status.telegram_oauth || !status.telegram_bot_name) return disabledButton;
    return (
      <TelegramLoginButton
        botName={status.telegram_bot_name}
        callbackName="onTollgateTelegramBind"
        onAuth={(parameters) => void onTelegramAuth(parameters)}
      />
    );
  };

  return (
    <Card
      title={
        <span>
          <LinkOutlined /> {t('bindings.title')}
        </span>
      }
      loading={!user}
      data-testid="bindings-card"
    >
      <Typography.Paragraph type="secondary">{t('bindings.description')}</Typography.Paragraph>
      <div className="tg-binding-list">
        <BindingRow
          kind="email"
          icon={<MailOutlined />}
          value={user?.email ?? ''}
          action={
            <Button onClick={() => setEmailOpen(true)}>
              {user?.email ? t('bindings.change') : t('bindings.bind')}
            </Button>
          }
        />
        <BindingRow
          kind="wechat"
          icon={<WechatOutlined style={{ color: '#07c160' }} />}
          value={user?.wechat_id ?? ''}
          action={
            status.wechat_login ? (
              <Button onClick={() => setWechatOpen(true)}>
                {user?.wechat_id ? t('bindings.change') : t('bindings.bind')}
              </Button>
            ) : (
              disabledButton
            )
          }
        />
        <BindingRow
          kind="github"
          icon={<GithubOutlined />}
          value={user?.github_id ?? ''}
          action={redirectButton('github', Boolean(status.github_oauth), Boolean(user?.github_id))}
        />
        <BindingRow
          kind="oidc"
          icon={<SafetyCertificateOutlined />}
          value={user?.oidc_id ?? ''}
          action={redirectButton('oidc', Boolean(status.oidc_enabled), Boolean(user?.oidc_id))}
        />
        <BindingRow
          kind="telegram"
          icon={<SendOutlined style={{ color: '#229ed9' }} />}
          value={user?.telegram_id ?? ''}
          action={telegramAction()}
        />
        <BindingRow
          kind="linuxdo"
          icon={<LinuxDoIcon />}
          value={user?.linux_do_id ?? ''}
          action={redirectButton(
            'linuxdo',
            Boolean(status.linuxdo_oauth),
            Boolean(user?.linux_do_id),
          )}
        />
        <BindingRow
          kind="discord"
          icon={<DiscordOutlined style={{ color: '#5865f2' }} />}
          value={user?.discord_id ?? ''}
          action={redirectButton(
            'discord',
            Boolean(status.discord_oauth),
            Boolean(user?.discord_id),
          )}
        />
        {user && <CustomBindings />}
      </div>
      <EmailBindDialog
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        onBound={() => void refreshSelf()}
      />
      <WeChatLoginDialog
        open={wechatOpen}
        qrCodeUrl={status.wechat_qrcode ?? ''}
        submitting={wechatSubmitting}
        title={t('bindings.wechatTitle')}
        okText={t('bindings.bind')}
        onSubmit={(code) => void onWeChatCode(code)}
        onClose={() => setWechatOpen(false)}
      />
    </Card>
  );
}
