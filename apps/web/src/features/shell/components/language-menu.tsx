import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../../../i18n/i18n';

const languageNames = { zh: '中文', en: 'English' } as const;

/** Language menu (zh, en); each name is written in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: Object.entries(languageNames).map(([key, label]) => ({ key, label })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('topBar.language')} />
    </Dropdown>
  );
}
