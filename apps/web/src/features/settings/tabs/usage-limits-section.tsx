import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import { sectionFields } from '../field-spec';
import { groupLimitsKey, limitTimeZoneKey, usageLimitOptionsProblem } from '../usage-limit-options';

const usageLimitFields = sectionFields('usageLimits', [
  {
    key: groupLimitsKey,
    kind: 'json',
    label: 'groups',
    hint: true,
    placeholder: 'usageLimits.groupsPlaceholder',
  },
  {
    key: limitTimeZoneKey,
    kind: 'text',
    label: 'timeZone',
    hint: true,
    placeholder: 'usageLimits.timeZonePlaceholder',
  },
]);

/** Default limits and budgets per group, and the zone their days, weeks and months start in. */
export function UsageLimitsSection({ options }: { options: OptionValues }) {
  return (
    <OptionSection
      title="usageLimits.title"
      description="usageLimits.description"
      fields={usageLimitFields}
      options={options}
      check={usageLimitOptionsProblem}
    />
  );
}
