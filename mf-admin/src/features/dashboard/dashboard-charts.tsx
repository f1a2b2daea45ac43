import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatisticEntry } from '@hsa-lli/common/back-office';
import { formatMonth, formatNumber } from '@hsa-lli/common/domain';

/** The theme's colours (common/src/ui/ui.css), written out: SVG attributes do not read CSS variables everywhere. */
const PRIMARY = '#0b4a6f';
const ACCENT = '#c2452d';
const GREEN = '#1f7a3d';
const INK = '#1d2430';
const LINE = '#ddd8cc';

/**
 * A chart and the table that says the same: the picture is hidden from screen readers, whose users open the table
 * (« Voir les données », a disclosure every reader announces), as anyone may.
 */
function ChartFigure({ title, description, table, children }: { title: string; description?: string; table: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <figure className="ui-card dashboard-chart" aria-labelledby={id}>
      <figcaption id={id}>
        <h2>{title}</h2>
        {description && <p className="dashboard-muted">{description}</p>}
      </figcaption>
      <div className="dashboard-chart__picture" aria-hidden="true">
        {children}
      </div>
      <details className="dashboard-chart__data">
        <summary>Voir les données</summary>
        {table}
      </details>
    </figure>
  );
}

export interface MonthlySeries {
  name: string;
  entries: StatisticEntry[];
}

const SERIES_STYLES = [
  { stroke: PRIMARY, strokeDasharray: undefined },
  { stroke: GREEN, strokeDasharray: '6 3' },
  { stroke: ACCENT, strokeDasharray: '2 3' },
];

/** Several figures month by month: one line each (colour and dash apart, for those who tell colours apart poorly). */
export function MonthlyChart({ title, series }: { title: string; series: MonthlySeries[] }) {
  const months = series[0]?.entries.map((entry) => entry.label) ?? [];
  const rows = months.map((month, index) => ({
    month: formatMonth(month, { short: true }),
    ...Object.fromEntries(series.map((each) => [each.name, each.entries[index]?.value ?? 0])),
  }));
  const table = (
    <div className="dashboard-table">
      <table>
        <caption className="ui-visually-hidden">{title}, par mois</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            {series.map((each) => (
              <th key={each.name} scope="col">
                {each.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month, index) => (
            <tr key={month}>
              <th scope="row">{formatMonth(month)}</th>
              {series.map((each) => (
                <td key={each.name}>{formatNumber(each.entries[index]?.value ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <ChartFigure title={title} table={table}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={LINE} vertical={false} />
          <XAxis dataKey="month" tick={{ fill: INK, fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fill: INK, fontSize: 12 }} />
          <Tooltip formatter={(value) => formatNumber(Number(value))} />
          <Legend />
          {series.map((each, index) => (
            <Line
              key={each.name}
              type="linear"
              dataKey={each.name}
              stroke={SERIES_STYLES[index % SERIES_STYLES.length]!.stroke}
              strokeDasharray={SERIES_STYLES[index % SERIES_STYLES.length]!.strokeDasharray}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** A figure by label (a residence, a kind of visit): horizontal bars, largest first, with its table. */
export function LabelBars({
  title,
  description,
  labelHeader,
  entries,
  unit,
  color = PRIMARY,
}: {
  title: string;
  description?: string;
  /** The table's first column: « Résidence », « Type de visite ». */
  labelHeader: string;
  entries: StatisticEntry[];
  unit: string;
  color?: string;
}) {
  const table = (
    <div className="dashboard-table">
      <table>
        <caption className="ui-visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.label}>
              <th scope="row">{entry.label}</th>
              <td>{formatNumber(entry.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (entries.length === 0) {
    return (
      <figure className="ui-card dashboard-chart">
        <figcaption>
          <h2>{title}</h2>
        </figcaption>
        <p className="dashboard-muted">Aucune donnée sur cette période.</p>
      </figure>
    );
  }
  return (
    <ChartFigure title={title} description={description} table={table}>
      <ResponsiveContainer width="100%" height={Math.max(120, entries.length * 36 + 40)}>
        <BarChart data={entries} layout="vertical" margin={{ top: 0, right: 24, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke={LINE} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fill: INK, fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={120} tick={{ fill: INK, fontSize: 12 }} />
          <Tooltip formatter={(value) => [formatNumber(Number(value)), unit]} />
          <Bar dataKey="value" name={unit} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export const CHART_COLORS = { accent: ACCENT, green: GREEN };
