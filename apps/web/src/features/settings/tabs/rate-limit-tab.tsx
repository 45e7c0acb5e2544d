import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import { sectionFields } from '../field-spec';
import { UsageLimitsSection } from './usage-limits-section';

const rateLimitFields = sectionFields('rateLimit', [
  { key: 'ModelRequestRateLimitEnabled', kind: 'switch', label: 'enabled' },
  {
    key: 'ModelRequestRateLimitDurationMinutes',
    kind: 'number',
    label: 'duration',
    hint: true,
    min: 1,
  },
  { key: 'ModelRequestRateLimitCount', kind: 'number', label: 'count', hint: true, min: 0 },
  {
    key: 'ModelRequestRateLimitSuccessCount',
    kind: 'number',
    label: 'successCount',
    hint: true,
    min: 1,
  },
  {
    key: 'ModelRequestRateLimitGroup',
    kind: 'json',
    label: 'groups',
    hint: true,
    placeholder: 'rateLimit.groupsPlaceholder',
  },
]);

/** The per-user model request limit, with per-group overrides; the group defaults of limits and budgets. */
export function RateLimitTab({ options }: { options: OptionValues }) {
  return (
    <div className="tg-settings-stack">
      <OptionSection
        title="rateLimit.title"
        description="rateLimit.description"
        fields={rateLimitFields}
        options={options}
      />
      <UsageLimitsSection options={options} />
    </div>
  );
}
