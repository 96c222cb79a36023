// The chart drawn from a cross-tab: x = row buckets, one series per column bucket. A line for a
// time axis, stacked bars for two or more dimensions, plain bars otherwise (unless chosen).
import { type CrossTab } from './crossTab';
import { isTimeDimension } from './dimensions';
import type { PivotConfig } from './protocol';

export type ChartKind = 'bar' | 'stacked' | 'line';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

export interface ChartData {
  kind: ChartKind;
  labels: string[];
  series: ChartSeries[];
}

/** Time reads left to right: when only the column dimension is a time, the chart is transposed. */
export function timeOnColumns(config: PivotConfig): boolean {
  const dimensions = config.dimensions;
  return dimensions.length > 1 && isTimeDimension(dimensions[dimensions.length - 1]) && !isTimeDimension(dimensions[0]);
}

export function chartKind(config: PivotConfig): ChartKind {
  if (config.chart !== 'auto') return config.chart;
  if (isTimeDimension(config.dimensions[0]) || timeOnColumns(config)) return 'line';
  return config.dimensions.length > 1 ? 'stacked' : 'bar';
}

export function chartData(table: CrossTab, config: PivotConfig, valueLabel: string): ChartData {
  const value = (rowIndex: number, columnIndex: number): number | null => table.cells[rowIndex]?.[columnIndex]?.value ?? null;
  if (timeOnColumns(config)) {
    return {
      kind: chartKind(config),
      labels: table.columns.map((column) => column.label),
      series: table.rows.map((row, rowIndex) => ({ label: row.label, values: table.columns.map((_, columnIndex) => value(rowIndex, columnIndex)) })),
    };
  }
  const labels = table.rows.map((row) => row.label);
  const series = table.columns.map((column, columnIndex) => ({
    label: table.columnDimension === undefined ? valueLabel : column.label,
    values: table.rows.map((_, rowIndex) => value(rowIndex, columnIndex)),
  }));
  return { kind: chartKind(config), labels, series };
}
