import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { fetchOidcEndpoints, type OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import type { FieldSpec } from '../field-spec';
import { CustomOAuthSection } from '../custom-oauth/custom-oauth-section';
import {
  discordFields,
  emailDomainFields,
  githubFields,
  linuxdoFields,
  loginFields,
  oidcFields,
  passkeyFields,
  paymentFields,
  stripeFields,
  creemFields,
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

/**
 * The sign-in providers after OIDC, in their order on the page: texts under `system.<name>`, and
 * the callback address their description names, if any.
 */
const providerSections: { name: string; fields: FieldSpec[]; callbackPath?: string }[] = [
  { name: 'github', fields: githubFields, callbackPath: '/oauth/github' },
  { name: 'linuxdo', fields: linuxdoFields, callbackPath: '/oauth/linuxdo' },
  { name: 'discord', fields: discordFields, callbackPath: '/oauth/discord' },
  { name: 'wechat', fields: wechatFields },
  { name: 'telegram', fields: telegramFields },
  { name: 'turnstile', fields: turnstileFields },
];

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
        title="system.stripe.title"
        description="system.stripe.description"
        descriptionValues={callbacks('/api/stripe/webhook')}
        fields={stripeFields}
        options={options}
      />
      <OptionSection
        title="system.creem.title"
        description="system.creem.description"
        descriptionValues={callbacks('/api/creem/webhook')}
        fields={creemFields}
        options={options}
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
        title="passkeys:settings.title"
        description="passkeys:settings.description"
        fields={passkeyFields}
        options={options}
      />
      {providerSections.map(({ name, fields, callbackPath }) => (
        <OptionSection
          key={name}
          title={`system.${name}.title`}
          description={`system.${name}.description`}
          descriptionValues={callbackPath === undefined ? undefined : callbacks(callbackPath)}
          fields={fields}
          options={options}
        />
      ))}
      <CustomOAuthSection serverAddress={server} />
    </div>
  );
}
