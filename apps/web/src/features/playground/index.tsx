import { ClearOutlined, SettingOutlined } from '@ant-design/icons';
import { isVideoModel } from '@tollgate/contracts';
import { Button, Card, Drawer, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifier';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useStoredUser } from '../../session/stored-user';
import { useEnabledTokenKeys } from '../../session/token-keys';
import {
  appendToReply,
  buildChatRequest,
  defaultSystemPrompt,
  finishReply,
  startExchange,
  type ChatMessage,
  type ChatSettings,
} from './chat-messages';
import { streamChat } from './chat-stream';
import { ChatComposer } from './components/chat-composer';
import { MessageList } from './components/message-list';
import { SettingsPanel } from './components/settings-panel';
import { VideoStudio } from './components/video-studio';
import { orderGroupOptions, pickDefaultModel } from './playground-choices';
import {
  usePlaygroundGroupsQuery,
  usePlaygroundModelsQuery,
  usePlaygroundVideoModelsQuery,
} from './queries';
import type { VideoJob } from './video-jobs';
import './playground.css';

/**
 * The playground: chat with a model through the session, or, for a video model, make videos and
 * watch them; the settings in a side panel.
 */
export default function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const isMobile = useIsMobile();
  const user = useStoredUser();
  useEnabledTokenKeys({ revealFirst: false });
  const modelsQuery = usePlaygroundModelsQuery();
  const groupsQuery = usePlaygroundGroupsQuery();
  const catalogueVideoModels = usePlaygroundVideoModelsQuery().data;
  const [settings, setSettings] = useState<ChatSettings>({
    model: '',
    group: '',
    temperature: 0,
    maxTokens: '0',
    systemPrompt: defaultSystemPrompt,
  });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [videoJobs, setVideoJobs] = useState<VideoJob[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const models = useMemo(() => modelsQuery.data ?? [], [modelsQuery.data]);
  const groups = useMemo(
    () => orderGroupOptions(groupsQuery.data ?? [], user?.group, t('settings.ownGroup')),
    [groupsQuery.data, user?.group, t],
  );

  // Pick the defaults once the choices arrive; the user's later choices stay.
  useEffect(() => {
    if (modelsQuery.data) {
      setSettings((current) =>
        current.model ? current : { ...current, model: pickDefaultModel(modelsQuery.data) },
      );
    }
  }, [modelsQuery.data]);
  useEffect(() => {
    if (groupsQuery.data) {
      setSettings((current) =>
        groups.some((option) => option.group === current.group)
          ? current
          : { ...current, group: groups[0].group },
      );
    }
  }, [groupsQuery.data, groups]);

  useEffect(() => () => controller.current?.abort(), []);

  const videoMode =
    settings.model !== '' &&
    (isVideoModel(settings.model) || (catalogueVideoModels ?? []).includes(settings.model));

  const last = messages[messages.length - 1];
  const busy = last?.status === 'loading' || last?.status === 'incomplete';

  const send = useCallback(
    (text: string) => {
      if (!settings.model) {
        notify.error(t('chat.selectModel'));
        return;
      }
      const next = startExchange(messages, text);
      setMessages(next);
      const request = buildChatRequest(next, settings);
      const abort = new AbortController();
      controller.current = abort;
      void streamChat(
        request,
        {
          onText: (delta) => setMessages((current) => appendToReply(current, delta)),
          onEnd: (outcome) => setMessages((current) => finishReply(current, outcome)),
        },
        abort.signal,
      );
    },
    [messages, settings, t],
  );

  const clear = () => {
    if (videoMode) {
      setVideoJobs([]);
      return;
    }
    controller.current?.abort();
    controller.current = null;
    setMessages([]);
  };

  const panel = (
    <SettingsPanel
      settings={settings}
      onChange={(change) => setSettings((current) => ({ ...current, ...change }))}
      groups={groups}
      models={models}
      loading={modelsQuery.isPending || groupsQuery.isPending}
      videoMode={videoMode}
    />
  );

  return (
    <div className="tg-playground">
      {!isMobile && (
        <Card className="tg-playground-settings" size="small" title={t('settings.title')}>
          {panel}
        </Card>
      )}
      <Card
        className="tg-playground-chat"
        size="small"
        title={videoMode ? t('video.title') : t('chat.title')}
        extra={
          <Space size={4}>
            {isMobile && (
              <Button
                size="small"
                icon={<SettingOutlined />}
                aria-expanded={panelOpen}
                onClick={() => setPanelOpen((open) => !open)}
              >
                {panelOpen ? t('settings.hide') : t('settings.show')}
              </Button>
            )}
            <Button
              size="small"
              icon={<ClearOutlined />}
              disabled={videoMode ? videoJobs.length === 0 : messages.length === 0}
              onClick={clear}
            >
              {videoMode ? t('video.clear') : t('chat.clear')}
            </Button>
          </Space>
        }
      >
        {videoMode ? (
          <VideoStudio
            model={settings.model}
            group={settings.group}
            jobs={videoJobs}
            onJob={(job) => setVideoJobs((current) => [job, ...current])}
          />
        ) : (
          <>
            <MessageList messages={messages} />
            <ChatComposer busy={busy} onSend={send} onStop={() => controller.current?.abort()} />
          </>
        )}
      </Card>
      {isMobile && (
        <Drawer
          placement="left"
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
          title={t('settings.title')}
          size={320}
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
}
