import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languages, type Language } from '../../../i18n/i18n';

// Each name is written in its own language, so that a reader finds theirs whatever is shown.
const languageNames: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  fr: 'Français',
  ja: '日本語',
};

/** Language menu (zh, en, fr, ja). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: languages.map((key) => ({
          key,
          // Marked with its language, so that screen readers say it in that language.
          label: <span lang={key}>{languageNames[key]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('topBar.language')} />
    </Dropdown>
  );
}
