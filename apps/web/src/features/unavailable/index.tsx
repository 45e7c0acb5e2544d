import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface UnavailablePageProps {
  /** Translation key (namespace `shell`) of the screen's name. */
  titleKey: string;
}

/** Stands in for a screen that is not part of this version of the console. */
export default function UnavailablePage({ titleKey }: UnavailablePageProps) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="info"
      title={t(titleKey)}
      subTitle={t('unavailable.description')}
      extra={
        <Link to="/">
          <Button>{t('notFound.backHome')}</Button>
        </Link>
      }
    />
  );
}
