import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelType } from '../rules/channel-types';

/** SiliconFlow's sign-up page, shown as the invite link of type 40. */
const siliconFlowInviteLink = 'https://cloud.siliconflow.cn/';

/** The notice a channel type shows above its fields, if any. */
export function TypeNotice({ type }: { type: number }) {
  const { t } = useTranslation('channels');
  const style = { marginBottom: 16 };
  switch (type) {
    case channelType.azure:
      return <Alert type="warning" showIcon style={style} title={t('form.notices.azure')} />;
    case channelType.custom:
      return <Alert type="warning" showIcon style={style} title={t('form.notices.custom')} />;
    case channelType.dify:
      return <Alert type="warning" showIcon style={style} title={t('form.notices.dify')} />;
    case channelType.midjourney:
    case channelType.midjourneyPlus:
      return <Alert type="info" showIcon style={style} title={t('form.notices.midjourney')} />;
    case channelType.suno:
      return <Alert type="info" showIcon style={style} title={t('form.notices.suno')} />;
    case channelType.vertexAi:
      return <Alert type="info" showIcon style={style} title={t('form.notices.vertex')} />;
    case channelType.siliconFlow:
      return (
        <Alert
          type="info"
          showIcon
          style={style}
          title={
            <>
              {t('form.notices.inviteLink')}
              <Typography.Link href={siliconFlowInviteLink} target="_blank" rel="noreferrer">
                {siliconFlowInviteLink}
              </Typography.Link>
            </>
          }
        />
      );
    default:
      return null;
  }
}
