import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}

/** The message box: Enter sends (not while an input method composes), Shift+Enter breaks the line. */
export function ChatComposer({ busy, onSend, onStop }: ChatComposerProps) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');

  const send = () => {
    if (busy || text.trim() === '') return;
    onSend(text);
    setText('');
  };

  return (
    <div className="tg-chat-composer">
      <Input.TextArea
        value={text}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          send();
        }}
      />
      {busy ? (
        <Button icon={<StopOutlined />} onClick={onStop}>
          {t('chat.stop')}
        </Button>
      ) : (
        <Button type="primary" icon={<SendOutlined />} disabled={text.trim() === ''} onClick={send}>
          {t('chat.send')}
        </Button>
      )}
    </div>
  );
}
