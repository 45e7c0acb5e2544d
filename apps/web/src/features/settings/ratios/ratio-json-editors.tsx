import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import { resetModelRatios, type OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import { ratioJsonFields } from '../tabs/operation-sections';
import { optionsQueryKey } from '../queries';

/** The price and ratio maps as JSON, and "reset model ratios" behind a confirmation. */
export function RatioJsonEditors({ options }: { options: OptionValues }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  const reset = () =>
    confirm({
      title: t('ratios.reset.title'),
      content: t('ratios.reset.content'),
      danger: true,
      onOk: async () => {
        const message = await resetModelRatios();
        notify.success(message || t('ratios.reset.done'));
        await queryClient.invalidateQueries({ queryKey: optionsQueryKey });
      },
    });

  return (
    <OptionSection title="ratios.json.title" fields={ratioJsonFields} options={options}>
      <Button danger onClick={reset}>
        {t('ratios.reset.open')}
      </Button>
    </OptionSection>
  );
}
