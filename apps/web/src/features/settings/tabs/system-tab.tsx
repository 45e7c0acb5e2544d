import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { fetchOidcEndpoints, type OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import {
  emailDomainFields,
  githubFields,
  linuxdoFields,
  loginFields,
  oidcFields,
  paymentFields,
  serverFields,
  smtpFields,
  telegramFields,
  turnstileFields,
  wechatFields,
  workerFields,
} from './system-sections';

/** Fills the OIDC endpoints from the provider's discovery document. */
function OidcDiscovery({
  wellKnown,
  fill,
}: {
  wellKnown: () => string;
  fill: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('settings');
  const [loading, setLoading] = useState(false);
  const discover = async () => {
    const url = wellKnown().trim();
    if (!/^https?:\/\//i.test(url)) {
      notify.error(t('system.oidc.wellKnownInvalid'));
      return;
    }
    setLoading(true);
    try {
      const endpoints = await fetchOidcEndpoints(url);
      fill({
        'oidc.authorization_endpoint': endpoints.authorization_endpoint,
        'oidc.token_endpoint': endpoints.token_endpoint,
        'oidc.user_info_endpoint': endpoints.userinfo_endpoint,
      });
      notify.success(t('system.oidc.discovered'));
    } catch {
      notify.error(t('system.oidc.fetchFailed'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button onClick={() => void discover()} loading={loading}>
      {t('system.oidc.discover')}
    </Button>
  );
}

/** System settings: address, worker, payment, sign-in methods and their credentials. */
export function SystemTab({ options }: { options: OptionValues }) {
  const server = (options.ServerAddress ?? '').replace(/\/+$/, '');
  const callbacks = (path: string) => ({ url: `${server}${path}` });
  return (
    <div className="tg-settings-stack">
      <OptionSection title="system.general.title" fields={serverFields} options={options} />
      <OptionSection
        title="system.worker.title"
        description="system.worker.description"
        fields={workerFields}
        options={options}
      />
      <OptionSection
        title="system.payment.title"
        description="system.payment.description"
        descriptionValues={callbacks('/api/user/epay/notify')}
        fields={paymentFields}
        options={options}
        check={() =>
          (options.ServerAddress ?? '').trim() === ''
            ? 'system.payment.serverAddressFirst'
            : undefined
        }
      />
      <OptionSection
        title="system.login.title"
        description="system.login.description"
        fields={loginFields}
        options={options}
        confirmOff={{ PasswordLoginEnabled: 'system.login.confirmPasswordOff' }}
      />
      <OptionSection
        title="system.emailDomain.title"
        fields={emailDomainFields}
        options={options}
      />
      <OptionSection
        title="system.smtp.title"
        description="system.smtp.description"
        fields={smtpFields}
        options={options}
      />
      <OptionSection
        title="system.oidc.title"
        description="system.oidc.description"
        descriptionValues={callbacks('/oauth/oidc')}
        fields={oidcFields}
        options={options}
      >
        {(form) => (
          <OidcDiscovery
            wellKnown={() => String(form.getFieldValue('oidc.well_known') ?? '')}
            fill={(values) => form.setFieldsValue(values)}
          />
        )}
      </OptionSection>
      <OptionSection
        title="system.github.title"
        description="system.github.description"
        descriptionValues={callbacks('/oauth/github')}
        fields={githubFields}
        options={options}
      />
      <OptionSection
        title="system.linuxdo.title"
        description="system.linuxdo.description"
        descriptionValues={callbacks('/oauth/linuxdo')}
        fields={linuxdoFields}
        options={options}
      />
      <OptionSection
        title="system.wechat.title"
        description="system.wechat.description"
        fields={wechatFields}
        options={options}
      />
      <OptionSection
        title="system.telegram.title"
        description="system.telegram.description"
        fields={telegramFields}
        options={options}
      />
      <OptionSection
        title="system.turnstile.title"
        description="system.turnstile.description"
        fields={turnstileFields}
        options={options}
      />
    </div>
  );
}
