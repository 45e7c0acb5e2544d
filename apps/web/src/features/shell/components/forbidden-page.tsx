import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

interface ForbiddenPageProps {
  /** The refused screen's own text for it, as `namespace:key` (e.g. `users:forbidden`). */
  titleKey: string;
}

/** The console's 403 page: shown in place of a screen the signed-in role may not use. */
export function ForbiddenPage({ titleKey }: ForbiddenPageProps) {
  const { t } = useTranslation();
  return <Result status="403" title={t(titleKey)} />;
}
