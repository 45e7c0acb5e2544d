import { Checkbox, Col, Divider, Form, Input, Row, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  isMappingText,
  isProxyEntry,
  proxyEntries,
  type CustomOAuthFormValues,
} from './custom-oauth-form-values';

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const headerFields = [
  'username_header',
  'display_name_header',
  'email_header',
  'group_header',
  'role_header',
] as const;

/** Where a provider of an external kind signs people in, for the hint under its section. */
function loginAddress(form: FormInstance<CustomOAuthFormValues>, route: 'jwt' | 'header'): string {
  const slug =
    String(form.getFieldValue('slug') ?? '')
      .trim()
      .toLowerCase() || '<slug>';
  return `POST ${window.location.origin}/api/auth/external/${slug}/${route}/login`;
}

/**
 * The fields of a `jwt_direct` provider: the keys (a JWKS address or one PEM public key, one of
 * them required), the issuer and audience checked, and the header a token may come in.
 */
export function JwtFields({ form }: { form: FormInstance<CustomOAuthFormValues> }) {
  const { t } = useTranslation('settings');
  const label = (key: string) => t(`customOAuth.fields.${key}`);
  Form.useWatch('slug', form);
  const keyRequired: Rule = {
    validator: async () => {
      const jwks = String(form.getFieldValue('jwks_url') ?? '').trim();
      const pem = String(form.getFieldValue('public_key') ?? '').trim();
      if (jwks === '' && pem === '') throw new Error(t('customOAuth.jwtKeyRequired'));
    },
  };
  return (
    <>
      <Divider>{t('customOAuth.jwtDivider')}</Divider>
      <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {t('customOAuth.jwtHint', { address: loginAddress(form, 'jwt') })}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="issuer" label={label('issuer')} extra={t('customOAuth.issuerHint')}>
            <Input placeholder="https://sso.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="audience" label={label('audience')} extra={t('customOAuth.issuerHint')}>
            <Input placeholder="tollgate" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="jwks_url"
        label={label('jwks_url')}
        dependencies={['public_key']}
        rules={[
          keyRequired,
          { pattern: /^https?:\/\/\S+$/i, message: t('customOAuth.jwksUrlInvalid') },
        ]}
      >
        <Input placeholder="https://sso.example.com/.well-known/jwks.json" />
      </Form.Item>
      <Form.Item
        name="public_key"
        label={label('public_key')}
        extra={t('customOAuth.publicKeyHint')}
        dependencies={['jwks_url']}
        rules={[
          keyRequired,
          {
            pattern: /^\s*-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----\s*$/,
            message: t('customOAuth.publicKeyInvalid'),
          },
        ]}
      >
        <Input.TextArea
          rows={4}
          placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item
        name="jwt_header"
        label={label('jwt_header')}
        extra={t('customOAuth.jwtHeaderHint')}
        rules={[{ pattern: HEADER_NAME, message: t('customOAuth.headerInvalid') }]}
      >
        <Input placeholder="Authorization" />
      </Form.Item>
    </>
  );
}

/**
 * The fields of a `trusted_header` provider: the proxies believed (one address or range a line,
 * at least one) and the headers they put the identity in (the external id one required).
 */
export function HeaderFields({ form }: { form: FormInstance<CustomOAuthFormValues> }) {
  const { t } = useTranslation('settings');
  const label = (key: string) => t(`customOAuth.fields.${key}`);
  Form.useWatch('slug', form);
  const headerRule: Rule = { pattern: HEADER_NAME, message: t('customOAuth.headerInvalid') };
  return (
    <>
      <Divider>{t('customOAuth.headerDivider')}</Divider>
      <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {t('customOAuth.headerHint', { address: loginAddress(form, 'header') })}
      </Typography.Paragraph>
      <Form.Item
        name="trusted_proxy_cidrs"
        label={label('trusted_proxy_cidrs')}
        extra={t('customOAuth.proxiesHint')}
        required
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const entries = proxyEntries(value ?? '');
              if (entries.length === 0) throw new Error(t('customOAuth.proxiesRequired'));
              const bad = entries.find((entry) => !isProxyEntry(entry));
              if (bad) throw new Error(t('customOAuth.proxyInvalid', { entry: bad }));
            },
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          placeholder={'10.0.0.0/8\n127.0.0.1'}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="external_id_header"
            label={label('external_id_header')}
            rules={[
              { required: true, whitespace: true, message: t('customOAuth.externalIdRequired') },
              headerRule,
            ]}
          >
            <Input placeholder="X-Remote-User" />
          </Form.Item>
        </Col>
        {headerFields.map((name) => (
          <Col xs={24} sm={12} key={name}>
            <Form.Item name={name} label={label(name)} rules={[headerRule]}>
              <Input />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary">
        {t('customOAuth.headerClaimsHint')}
      </Typography.Paragraph>
    </>
  );
}

/**
 * The group and role mapping: the claim read (header kinds read their group and role headers),
 * the JSON mapping of its values, and whether unmapped values pass as they are.
 */
export function GroupRoleFields({ withFields }: { withFields: boolean }) {
  const { t } = useTranslation('settings');
  const label = (key: string) => t(`customOAuth.fields.${key}`);
  const modes = ['explicit_only', 'mapping_first'].map((value) => ({
    value,
    label: t(`customOAuth.mappingModes.${value}`),
  }));
  const mappingRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      if (!isMappingText(value ?? '')) throw new Error(t('customOAuth.mappingInvalid'));
    },
  };
  return (
    <Row gutter={16}>
      {(['group', 'role'] as const).map((part) => (
        <Col xs={24} sm={12} key={part}>
          {withFields && (
            <Form.Item name={`${part}_field`} label={label(`${part}_field`)}>
              <Input placeholder={part === 'group' ? 'groups' : 'roles'} />
            </Form.Item>
          )}
          <Form.Item
            name={`${part}_mapping`}
            label={label(`${part}_mapping`)}
            extra={t(`customOAuth.${part}MappingHint`)}
            rules={[mappingRule]}
          >
            <Input.TextArea
              rows={2}
              placeholder={part === 'group' ? '{"engineering": "vip"}' : '{"ops": "admin"}'}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
          <Form.Item name={`${part}_mapping_mode`} label={label(`${part}_mapping_mode`)}>
            <Select options={modes} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

const syncSwitches = [
  'sync_username_on_login',
  'sync_display_name_on_login',
  'sync_email_on_login',
  'sync_group_on_login',
  'sync_role_on_login',
] as const;

/** The sync switches of the external kinds: what a returning person's sign-in rewrites. */
export function SyncFields() {
  const { t } = useTranslation('settings');
  return (
    <Form.Item label={t('customOAuth.syncLabel')} extra={t('customOAuth.syncHint')}>
      <Row gutter={[16, 8]}>
        {syncSwitches.map((name) => (
          <Col xs={24} sm={12} key={name}>
            <Form.Item name={name} valuePropName="checked" noStyle>
              <Checkbox>{t(`customOAuth.fields.${name}`)}</Checkbox>
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form.Item>
  );
}
