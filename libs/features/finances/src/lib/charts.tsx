import type { FinancesMonth } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { longMonthLabel, shortMonthLabel } from './months';
import { SrOnly } from './styles';

const StyledFigure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const euros = (value: unknown) => formatEuros(Number(value));

/**
 * A chart with a caption and the same figures as a visually hidden table, so a screen reader
 * gets the data the picture shows. The picture is hidden from assistive technology, so each chart
 * turns off recharts' keyboard layer: a focusable element inside aria-hidden is a trap (axe:
 * aria-hidden-focus).
 */
export function ChartFigure({ caption, table, children, height = 280 }: { caption: string; table: ReactNode; children: ReactNode; height?: number }) {
  return (
    <StyledFigure>
      <div style={{ width: '100%', height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption>{caption}</figcaption>
      <SrOnly>{table}</SrOnly>
    </StyledFigure>
  );
}

/** Income and expenses per month as bars (the months' data table for assistive technology). */
export function MonthlyBarChart({ months, caption, height }: { months: readonly FinancesMonth[]; caption: string; height?: number }) {
  const theme = useTheme();
  const data = months.map((m) => ({ month: shortMonthLabel(m.month), Ingresos: Number(m.income), Gastos: Number(m.expenses) }));
  return (
    <ChartFigure
      caption={caption}
      height={height}
      table={
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col">Ingresos</th>
              <th scope="col">Gastos</th>
              <th scope="col">Neto</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{longMonthLabel(m.month)}</th>
                <td>{formatEuros(m.income)}</td>
                <td>{formatEuros(m.expenses)}</td>
                <td>{formatEuros(m.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
        <XAxis dataKey="month" stroke={theme.colors.textMuted} fontSize={12} />
        <YAxis stroke={theme.colors.textMuted} fontSize={12} width={80} tickFormatter={(v: number) => formatEuros(v).replace(/,00\s€$/, ' €')} />
        <Tooltip formatter={euros} contentStyle={{ background: theme.colors.surface, borderColor: theme.colors.border, color: theme.colors.text }} />
        <Legend />
        <Bar dataKey="Ingresos" fill={theme.colors.primary} radius={[4, 4, 0, 0]} />
        <Bar dataKey="Gastos" fill={theme.colors.danger} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartFigure>
  );
}

/** One value per label as a pie (expenses by category). */
export function CategoryPieChart({ items, caption }: { items: readonly { label: string; value: string }[]; caption: string }) {
  const theme = useTheme();
  const palette = [theme.tones.blue.text, theme.tones.orange.text, theme.tones.green.text, theme.tones.red.text, theme.tones.yellow.text, theme.tones.grey.text];
  return (
    <ChartFigure
      caption={caption}
      table={
        <table>
          <caption>{caption}</caption>
          <tbody>
            {items.map((i) => (
              <tr key={i.label}>
                <th scope="row">{i.label}</th>
                <td>{formatEuros(i.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <PieChart accessibilityLayer={false}>
        <Pie data={items.map((i) => ({ name: i.label, value: Number(i.value) }))} dataKey="value" nameKey="name" outerRadius="80%">
          {items.map((i, index) => (
            <Cell key={i.label} fill={palette[index % palette.length]} />
          ))}
        </Pie>
        <Tooltip formatter={euros} />
        <Legend />
      </PieChart>
    </ChartFigure>
  );
}

/** A percentage per label as bars (occupancy). */
export function PercentBarChart({ items, caption, valueLabel }: { items: readonly { label: string; value: number }[]; caption: string; valueLabel: string }) {
  const theme = useTheme();
  return (
    <ChartFigure
      caption={caption}
      table={
        <table>
          <caption>{caption}</caption>
          <tbody>
            {items.map((i) => (
              <tr key={i.label}>
                <th scope="row">{i.label}</th>
                <td>{`${String(i.value).replace('.', ',')} %`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart accessibilityLayer={false} data={items.map((i) => ({ name: i.label, [valueLabel]: i.value }))} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
        <XAxis dataKey="name" stroke={theme.colors.textMuted} fontSize={12} />
        <YAxis domain={[0, 100]} stroke={theme.colors.textMuted} fontSize={12} unit=" %" />
        <Tooltip formatter={(v: unknown) => `${String(v).replace('.', ',')} %`} />
        <Bar dataKey={valueLabel} fill={theme.colors.primary} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartFigure>
  );
}
