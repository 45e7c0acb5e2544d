import type { CustomOAuthProviderView } from '@tollgate/contracts';
import { Button, Col, Divider, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { notify } from '../../../lib/notifier';
import { discoverEndpoints } from './custom-oauth-api';
import {
  GroupRoleFields,
  HeaderFields,
  JwtFields,
  SyncFields,
} from './custom-oauth-external-fields';
import {
  customOAuthRequestOf,
  customOAuthValuesOf,
  newCustomOAuthValues,
  type CustomOAuthFormValues,
} from './custom-oauth-form-values';

/** Which provider the drawer edits: none (closed), a new one, or this one. */
export type CustomOAuthTarget =
  | { mode: 'create' }
  | { mode: 'edit'; provider: CustomOAuthProviderView }
  | null;

interface CustomOAuthDrawerProps {
  target: CustomOAuthTarget;
  submitting: boolean;
  onSubmit: (id: number | null, values: CustomOAuthFormValues) => void;
  onClose: () => void;
}

const textFields = [
  'user_id_field',
  'username_field',
  'display_name_field',
  'email_field',
] as const;

const kinds = ['oauth_code', 'jwt_direct', 'trusted_header'] as const;

/**
 * Creates or edits a custom OAuth provider; the fields shown follow its kind (the browser code
 * flow, a signed JWT, or identity headers from a trusted proxy). The discovery button has the
 * server read the provider's OIDC discovery document and fills the endpoints; the secret is
 * write-only (left empty, the stored one is kept).
 */
export function CustomOAuthDrawer({
  target,
  submitting,
  onSubmit,
  onClose,
}: CustomOAuthDrawerProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<CustomOAuthFormValues>();
  const [discovering, setDiscovering] = useState(false);
  const editing = target?.mode === 'edit' ? target.provider : null;
  const initialValues = editing ? customOAuthValuesOf(editing) : newCustomOAuthValues();
  const label = (key: string) => t(`customOAuth.fields.${key}`);
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;

  const discover = async () => {
    const address = String(form.getFieldValue('well_known') ?? '').trim();
    if (!/^https?:\/\//i.test(address)) {
      notify.error(t('customOAuth.discoveryAddressRequired'));
      return;
    }
    setDiscovering(true);
    try {
      const found = await discoverEndpoints(address);
      form.setFieldsValue({
        well_known: found.well_known,
        authorization_endpoint: found.authorization_endpoint,
        token_endpoint: found.token_endpoint,
        user_info_endpoint: found.userinfo_endpoint,
      });
      notify.success(t('customOAuth.discovered'));
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setDiscovering(false);
    }
  };

  const submit = () => {
    form
      .validateFields()
      .then(() => onSubmit(editing?.id ?? null, customOAuthRequestOf(form.getFieldsValue(true))))
      .catch(() => {
        // The form shows what is wrong next to each field.
      });
  };

  return (
    <FormDrawer
      placement={editing ? 'right' : 'left'}
      open={target !== null}
      onClose={onClose}
      title={editing ? t('customOAuth.editTitle') : t('customOAuth.createTitle')}
      onSubmit={submit}
      submitting={submitting}
    >
      <Form<CustomOAuthFormValues>
        key={editing?.id ?? 'create'}
        form={form}
        clearOnDestroy
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        data-testid="custom-oauth-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={label('name')} required>
              <Input placeholder="Acme SSO" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="slug" label={label('slug')} extra={t('customOAuth.slugHint')} required>
              <Input placeholder="acme" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label={label('icon')} extra={t('customOAuth.iconHint')}>
              <Input placeholder="Google" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="kind" label={label('kind')} extra={t(`customOAuth.kindHints.${kind}`)}>
              <Select
                data-testid="custom-oauth-kind"
                options={kinds.map((value) => ({
                  value,
                  label: t(`customOAuth.kinds.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'jwt_direct' && <JwtFields form={form} />}
        {kind === 'trusted_header' && <HeaderFields form={form} />}
        {kind === 'oauth_code' && (
          <>
            <Divider>{t('customOAuth.endpointsDivider')}</Divider>
            <Form.Item label={label('well_known')} extra={t('customOAuth.wellKnownHint')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="well_known" noStyle>
                  <Input placeholder="https://sso.example.com/.well-known/openid-configuration" />
                </Form.Item>
                <Button loading={discovering} onClick={() => void discover()}>
                  {t('customOAuth.discover')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="authorization_endpoint" label={label('authorization_endpoint')}>
              <Input />
            </Form.Item>
            <Form.Item name="token_endpoint" label={label('token_endpoint')}>
              <Input />
            </Form.Item>
            <Form.Item name="user_info_endpoint" label={label('user_info_endpoint')}>
              <Input />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="client_id" label={label('client_id')}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="client_secret"
                  label={label('client_secret')}
                  extra={editing?.has_client_secret ? t('customOAuth.secretKept') : undefined}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="scopes" label={label('scopes')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="auth_style" label={label('auth_style')}>
                  <Select
                    options={[0, 1, 2].map((value) => ({
                      value,
                      label: t(`customOAuth.authStyles.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Divider>{t('customOAuth.mappingDivider')}</Divider>
        {kind !== 'trusted_header' && (
          <Row gutter={16}>
            {textFields.map((name) => (
              <Col xs={24} sm={12} key={name}>
                <Form.Item name={name} label={label(name)}>
                  <Input />
                </Form.Item>
              </Col>
            ))}
          </Row>
        )}
        <GroupRoleFields withFields={kind !== 'trusted_header'} />
        <Divider>{t('customOAuth.policyDivider')}</Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="auto_register" label={label('auto_register')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="auto_merge_by_email"
              label={label('auto_merge_by_email')}
              valuePropName="checked"
              extra={t('customOAuth.mergeHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {kind !== 'oauth_code' && <SyncFields />}
        <Form.Item
          name="access_policy"
          label={label('access_policy')}
          extra={t('customOAuth.policyHint')}
        >
          <Input.TextArea
            rows={4}
            placeholder='{"logic":"and","conditions":[{"field":"email_verified","op":"eq","value":true}]}'
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Form.Item
          name="access_denied_message"
          label={label('access_denied_message')}
          extra={t('customOAuth.deniedHint', { field: '{{field}}' })}
        >
          <Input />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
