import type { LimitUsage } from '@tollgate/contracts';
import { Progress, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetDistance, usedPercent } from '../../lib/limit-reset';
import { formatNumber, formatQuota } from '../../lib/quota-format';
import { isBudgetKind } from '../../lib/usage-limits';
import './usage-limits.css';

type ColorToken = ReturnType<typeof theme.useToken>['token'];

/** Green until 80 %, then orange, red once the limit is reached. */
function colorOf(percent: number, token: ColorToken): string {
  if (percent >= 100) return token.colorError;
  return percent >= 80 ? token.colorWarning : token.colorSuccess;
}

function amount(usage: LimitUsage, value: number): string {
  return isBudgetKind(usage.limit) ? formatQuota(value) : formatNumber(value);
}

/**
 * Usage against each limit of a row (`limit_usage`): which limit, a small bar, "used / max" and when
 * the window resets. Nothing when the server sent none (no limits, or a server without them).
 */
export function LimitUsageBars({
  usages,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  usages: readonly LimitUsage[] | undefined;
  nowSeconds?: number;
}) {
  const { t } = useTranslation('limits');
  const { token } = theme.useToken();
  if (!usages || usages.length === 0) return null;
  return (
    <div className="tg-limit-usage">
      {usages.map((usage) => {
        const percent = usedPercent(usage.used, usage.max);
        const reset = resetDistance(usage.reset_at, nowSeconds);
        return (
          <div key={`${usage.scope}.${usage.limit}`} className="tg-limit-usage-row">
            <div className="tg-limit-usage-head">
              <Typography.Text>
                {t(`short.${usage.limit}`)}
                {usage.scope !== 'token' && (
                  <Typography.Text type="secondary">
                    {' '}
                    · {t(`scopes.${usage.scope}`)}
                  </Typography.Text>
                )}
              </Typography.Text>
              <Typography.Text type="secondary">
                {amount(usage, usage.used)} / {amount(usage, usage.max)}
              </Typography.Text>
            </div>
            <Progress
              percent={percent}
              strokeColor={colorOf(percent, token)}
              showInfo={false}
              size="small"
              aria-label={t(`kinds.${usage.limit}`)}
            />
            {reset && (
              <Typography.Text type="secondary" className="tg-limit-usage-reset">
                {t(`resetsIn.${reset.unit}`, { count: reset.count })}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}
