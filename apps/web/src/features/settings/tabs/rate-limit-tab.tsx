import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import type { FieldSpec } from '../field-spec';

const rateLimitFields: FieldSpec[] = [
  { key: 'ModelRequestRateLimitEnabled', kind: 'switch', label: 'rateLimit.enabled' },
  {
    key: 'ModelRequestRateLimitDurationMinutes',
    kind: 'number',
    label: 'rateLimit.duration',
    hint: 'rateLimit.durationHint',
    min: 1,
  },
  {
    key: 'ModelRequestRateLimitCount',
    kind: 'number',
    label: 'rateLimit.count',
    hint: 'rateLimit.countHint',
    min: 0,
  },
  {
    key: 'ModelRequestRateLimitSuccessCount',
    kind: 'number',
    label: 'rateLimit.successCount',
    hint: 'rateLimit.successCountHint',
    min: 1,
  },
  {
    key: 'ModelRequestRateLimitGroup',
    kind: 'json',
    label: 'rateLimit.groups',
    hint: 'rateLimit.groupsHint',
    placeholder: 'rateLimit.groupsPlaceholder',
  },
];

/** The per-user model request limit, with per-group overrides. */
export function RateLimitTab({ options }: { options: OptionValues }) {
  return (
    <div className="tg-settings-stack">
      <OptionSection
        title="rateLimit.title"
        description="rateLimit.description"
        fields={rateLimitFields}
        options={options}
      />
    </div>
  );
}
