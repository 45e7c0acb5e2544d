import { Image, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface WeChatLoginDialogProps {
  open: boolean;
  qrCodeUrl: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
  /** Title and button text; sign-in's by default. */
  title?: string;
  okText?: string;
}

/** WeChat sign-in (and binding): scan the QR code, follow the account, type the code it sends back. */
export function WeChatLoginDialog({
  open,
  qrCodeUrl,
  submitting,
  onSubmit,
  onClose,
  title,
  okText,
}: WeChatLoginDialogProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  return (
    <Modal
      title={title ?? t('wechat.title')}
      open={open}
      okText={okText ?? t('login.submit')}
      confirmLoading={submitting}
      onOk={() => onSubmit(code)}
      onCancel={onClose}
      centered
      width={360}
    >
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        {qrCodeUrl && <Image src={qrCodeUrl} alt="" preview={false} width={240} />}
      </div>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 12 }}>
        {t('wechat.instructions')}
      </Typography.Paragraph>
      <Input
        placeholder={t('wechat.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => onSubmit(code)}
      />
    </Modal>
  );
}
