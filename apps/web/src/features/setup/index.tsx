import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Form, Input, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { clearChangedFieldErrors } from '../../lib/clear-field-errors';
import { ApiError } from '../../lib/http-client';
import { notify } from '../../lib/notifier';
import type { UsageMode } from './api';
import {
  readServerAddress,
  validateSetupAccount,
  type SetupFormValues,
} from './components/validate-setup';
import { UsageModeDialog } from './dialogs/usage-mode-dialog';
import { useSetupStatusQuery, useSubmitSetupMutation } from './queries';

interface SetupFormFields extends SetupFormValues {
  usageMode: UsageMode;
  serverAddress: string;
}

const reloadDelay = 1500;

/**
 * First-run wizard: creates the root account (unless one exists), and sets the server address and
 * the usage mode.
 */
export default function SetupPage() {
  const { t } = useTranslation('setup');
  const [form] = Form.useForm<SetupFormFields>();
  const [modeHelpOpen, setModeHelpOpen] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const setupQuery = useSetupStatusQuery();
  const submitMutation = useSubmitSetupMutation();

  useEffect(() => {
    if (setupQuery.isError) notify.error(t('loadFailed'));
  }, [setupQuery.isError, t]);

  if (setupQuery.isPending) return <PageLoading />;
  if (setupQuery.data?.status) return <Navigate to="/" replace />;
  const rootInitialised = setupQuery.data?.root_init ?? false;

  const onSubmit = () => {
    const values = form.getFieldsValue(true) as Partial<SetupFormFields> | undefined;
    if (!values) {
      notify.error(t('formReferenceError'));
      return;
    }
    const account: SetupFormValues = {
      username: values.username ?? '',
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
    };
    if (!rootInitialised) {
      const failure = validateSetupAccount(account);
      if (failure) {
        const text = t(failure.messageKey);
        form.setFields([{ name: failure.field, errors: [text] }]);
        notify.error(text);
        return;
      }
    }
    const serverAddress = readServerAddress(values.serverAddress);
    if ('messageKey' in serverAddress) {
      const text = t(serverAddress.messageKey);
      form.setFields([{ name: 'serverAddress', errors: [text] }]);
      notify.error(text);
      return;
    }
    const usageMode = values.usageMode ?? 'external';
    submitMutation.mutate(
      {
        ...account,
        SelfUseModeEnabled: usageMode === 'self',
        DemoSiteEnabled: usageMode === 'demo',
        ServerAddress: serverAddress.value,
      },
      {
        onSuccess: () => {
          setRedirecting(true);
          notify.success(t('success'));
          window.setTimeout(() => window.location.reload(), reloadDelay);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.kind !== 'network') {
            notify.error(error.message || t('failedRetry'));
          } else {
            notify.error(t('systemFailedRetry'));
          }
        },
      },
    );
  };

  return (
    <div className="tg-narrow-page">
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('title')}
        </Typography.Title>
        {setupQuery.data?.database_type === 'sqlite' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 24 }}
            title={t('sqliteWarning.title')}
            description={
              <>
                <p style={{ margin: '4px 0' }}>{t('sqliteWarning.persistence')}</p>
                <p style={{ margin: '4px 0' }}>{t('sqliteWarning.recommendation')}</p>
              </>
            }
          />
        )}
        <Form<SetupFormFields>
          form={form}
          onValuesChange={clearChangedFieldErrors(form)}
          layout="vertical"
          initialValues={{
            username: '',
            password: '',
            confirmPassword: '',
            usageMode: 'external',
            // Where this browser reached the console: the address users will most likely use.
            serverAddress: window.location.origin,
          }}
          onFinish={onSubmit}
          requiredMark={false}
        >
          {rootInitialised ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 24 }}
              title={t('rootAlreadyInitialised')}
            />
          ) : (
            <>
              <Divider titlePlacement="start">{t('adminAccount')}</Divider>
              <Form.Item name="username" label={t('fields.username')}>
                <Input
                  placeholder={t('fields.usernamePlaceholder')}
                  allowClear
                  autoComplete="username"
                />
              </Form.Item>
              <Form.Item name="password" label={t('fields.password')}>
                <Input.Password
                  placeholder={t('fields.passwordPlaceholder')}
                  autoComplete="new-password"
                />
              </Form.Item>
              <Form.Item name="confirmPassword" label={t('fields.confirmPassword')}>
                <Input.Password
                  placeholder={t('fields.confirmPasswordPlaceholder')}
                  autoComplete="new-password"
                />
              </Form.Item>
            </>
          )}
          <Divider titlePlacement="start">{t('systemSettings')}</Divider>
          <Form.Item
            name="serverAddress"
            label={t('fields.serverAddress')}
            extra={t('fields.serverAddressHint')}
          >
            <Input placeholder="https://" allowClear autoComplete="url" />
          </Form.Item>
          <Form.Item
            name="usageMode"
            label={
              <span>
                {t('fields.usageMode')}
                <QuestionCircleOutlined
                  role="button"
                  aria-label={t('modes.dialogTitle')}
                  style={{ marginInlineStart: 6, cursor: 'pointer' }}
                  onClick={() => setModeHelpOpen(true)}
                />
              </span>
            }
            extra={t('fields.usageModeHint')}
          >
            <Radio.Group>
              <Radio value="external">{t('modes.external.name')}</Radio>
              <Radio value="self">{t('modes.self.name')}</Radio>
              <Radio value="demo">{t('modes.demo.name')}</Radio>
            </Radio.Group>
          </Form.Item>
          <div style={{ textAlign: 'right' }}>
            <Button
              type="primary"
              htmlType="submit"
              loading={submitMutation.isPending || redirecting}
            >
              {t('submit')}
            </Button>
          </div>
        </Form>
      </Card>
      <UsageModeDialog open={modeHelpOpen} onClose={() => setModeHelpOpen(false)} />
    </div>
  );
}
