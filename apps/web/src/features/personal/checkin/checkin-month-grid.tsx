import { CheckOutlined } from '@ant-design/icons';
import { theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/quota-format';
import { monthGrid } from './checkin-calendar';

/** 1 January 2024 was a Monday: the first column's weekday. */
const MONDAY = new Date(2024, 0, 1);

function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'narrow' });
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(MONDAY.getFullYear(), 0, 1 + index)),
  );
}

/** The month's days, Monday first; days checked in are filled and ticked, today is outlined. */
export function CheckinMonthGrid({
  month,
  today,
  records,
}: {
  month: string;
  today: string;
  records: readonly { checkin_date: string; quota_awarded: number }[];
}) {
  const { t, i18n } = useTranslation('personal');
  const { token } = theme.useToken();
  const cellBase = {
    height: 40,
    borderRadius: token.borderRadius,
    display: 'flex',
    flexDirection: 'column' as const,
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 13,
    lineHeight: 1.1,
  };
  return (
    <div role="grid" aria-label={t('checkin.calendar')} data-testid="checkin-calendar">
      <div role="row" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
        {weekdayNames(i18n.language).map((name, index) => (
          <div
            role="columnheader"
            key={index}
            style={{ textAlign: 'center', color: token.colorTextSecondary, fontSize: 12 }}
          >
            {name}
          </div>
        ))}
      </div>
      {monthGrid(month, records).map((week, weekIndex) => (
        <div
          role="row"
          key={weekIndex}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, marginTop: 4 }}
        >
          {week.map((cell, index) => {
            if (cell.kind === 'padding') return <div role="gridcell" key={index} />;
            const checked = cell.reward !== undefined;
            const isToday = cell.date === today;
            const body = (
              <div
                role="gridcell"
                aria-selected={checked}
                data-date={cell.date}
                data-checked={checked ? 'true' : undefined}
                style={{
                  ...cellBase,
                  background: checked ? token.colorSuccessBg : token.colorFillQuaternary,
                  color: checked ? token.colorSuccess : token.colorText,
                  border: `1px solid ${isToday ? token.colorPrimary : 'transparent'}`,
                  fontWeight: isToday ? 600 : undefined,
                }}
              >
                <span>{cell.day}</span>
                {checked && <CheckOutlined style={{ fontSize: 11 }} />}
              </div>
            );
            return checked ? (
              <Tooltip
                key={index}
                title={t('checkin.dayReward', { quota: formatQuota(cell.reward) })}
              >
                {body}
              </Tooltip>
            ) : (
              <div key={index}>{body}</div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
