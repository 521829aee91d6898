// Loaded on demand (recharts stays out of the first screen's bundle): the last six months, paid out and pending.
import type { EarningsResponse } from '@app/shared/payouts/payout.schemas';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthLabel = (ym: string) => MONTH.format(new Date(`${ym}-01T00:00:00Z`));
const gel = (minor: number) => `${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

export default function EarningsChart({
  months,
  labels,
}: {
  months: EarningsResponse['months'];
  labels: { paidOut: string; pending: string; chart: string };
}) {
  const data = months.map((m) => ({ month: monthLabel(m.month), paidOut: m.paidOutMinor, pending: m.pendingMinor }));
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
            formatter={(v) => `${(Number(v ?? 0) / 100).toFixed(2)} GEL`}
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
