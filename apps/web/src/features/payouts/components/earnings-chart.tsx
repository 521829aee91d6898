// Loaded on demand (recharts stays out of the first screen's bundle): the last six months, paid out and pending.

import { kaShortMonth } from '@app/shared/i18n/ka-format';
import type { EarningsResponse } from '@app/shared/payouts/payout.schemas';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useGel, useNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
/** The axis's month in the reader's language ("Nov", "ნოე."). */
const monthLabel = (ym: string, language: string) => {
  const date = new Date(`${ym}-01T00:00:00Z`);
  return language === 'ka' ? kaShortMonth(date, 'UTC') : MONTH.format(date);
};

export default function EarningsChart({
  months,
  labels,
}: {
  months: EarningsResponse['months'];
  labels: { paidOut: string; pending: string; chart: string };
}) {
  const { i18n } = useTranslation();
  const number = useNumber();
  const formatGel = useGel();
  const gel = (minor: number) => number(Math.round(minor / 100));
  const data = months.map((m) => ({
    month: monthLabel(m.month, i18n.language),
    paidOut: m.paidOutMinor,
    pending: m.pendingMinor,
  }));
  return (
    <figure aria-label={labels.chart} className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -16 }} accessibilityLayer>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="month"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            stroke="var(--color-muted-foreground)"
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={56}
            tickFormatter={gel}
            stroke="var(--color-muted-foreground)"
          />
          <Tooltip
            formatter={(v) => formatGel(Number(v ?? 0))}
            cursor={{ fill: 'var(--color-muted)' }}
            contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="paidOut" name={labels.paidOut} stackId="m" fill="var(--color-success)" radius={[0, 0, 4, 4]} />
          <Bar dataKey="pending" name={labels.pending} stackId="m" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
