import { Button, Card, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import type { SelfUser } from '../api';
import { SelfLoadState } from '../components/self-load-state';
import { useSelfQuery } from '../../../session/self-user';
import { useUpdateUserSettingMutation } from '../queries';
import { parseUserSetting, userSettingRequest } from '../rules/user-setting';

/** Whether calls to models without a price are accepted (user setting `accept_unset_model_ratio_model`). */
export function PriceTab() {
  const query = useSelfQuery();
  if (!query.data) return <SelfLoadState query={query} />;
  return <PriceForm user={query.data} />;
}

function PriceForm({ user }: { user: SelfUser }) {
  const { t } = useTranslation('personal');
  const mutation = useUpdateUserSettingMutation();
  const saved = useMemo(() => parseUserSetting(user.setting), [user.setting]);
  const [accept, setAccept] = useState(saved.acceptUnsetModelRatioModel);

  const onSave = () => {
    // The whole setting is replaced: the stored notification fields go back unchanged, and the
    // empty secret keeps the stored one.
    const request = userSettingRequest({ ...saved, acceptUnsetModelRatioModel: accept });
    mutation.mutate(request, { onSuccess: () => notify.success(t('price.saved')) });
  };

  return (
    <Card title={t('price.title')}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', maxWidth: 640 }}>
        <Switch
          id="accept-unset-model"
          checked={accept}
          onChange={setAccept}
          aria-describedby="accept-unset-model-description"
          style={{ marginTop: 2, flex: 'none' }}
        />
        <Space orientation="vertical" size={4}>
          <label htmlFor="accept-unset-model">
            <Typography.Text strong>{t('price.acceptUnset')}</Typography.Text>
          </label>
          <Typography.Text type="secondary" id="accept-unset-model-description">
            {t('price.acceptUnsetDescription')}
          </Typography.Text>
          {accept && (
            <Typography.Text type="warning">{t('price.acceptUnsetWarning')}</Typography.Text>
          )}
        </Space>
      </div>
      <Button
        type="primary"
        loading={mutation.isPending}
        onClick={onSave}
        style={{ marginTop: 24 }}
      >
        {t('price.save')}
      </Button>
    </Card>
  );
}
