// Draws ChartData with Chart.js (only the pieces a bar/line chart needs, so the bundle stays
// small), in the theme's chart colours. No animation: the chart appears with the table.
import type * as ChartJs from 'chart.js' with { 'resolution-mode': 'import' };
import type { Chart, ChartConfiguration } from 'chart.js' with { 'resolution-mode': 'import' };
import type { ChartData } from './chartData';

// chart.js is an ES module; a dynamic import lets this CommonJS-typed project use it, and esbuild
// still bundles it into the pivot page (nothing is fetched at run time).
type ChartModule = typeof ChartJs;
let chartModule: ChartModule | undefined;
const loading: Promise<ChartModule> = import('chart.js').then((module: ChartModule) => {
  module.Chart.register(module.BarController, module.BarElement, module.CategoryScale, module.LinearScale, module.LineController, module.LineElement, module.PointElement, module.Legend, module.Tooltip);
  chartModule = module;
  return module;
});

const PALETTE = ['--vscode-charts-blue', '--vscode-charts-orange', '--vscode-charts-green', '--vscode-charts-purple', '--vscode-charts-red', '--vscode-charts-yellow'];
const FALLBACK = ['#3794ff', '#d18616', '#89d185', '#b180d7', '#f14c4c', '#cca700'];

// Read once per render, before the table is touched: getComputedStyle after DOM changes forces
// a layout, and one per series made large pivots slow.
function themeColors(): (name: string, fallback: string) => string {
  const style = getComputedStyle(document.body);
  return (name, fallback) => style.getPropertyValue(name).trim() || fallback;
}

export class ChartView {
  private chart: Chart | undefined;

  constructor(private readonly canvas: HTMLCanvasElement) {}

  /** Draws at once when Chart.js is loaded (always, after the first page tick); else as soon as it is. */
  render(data: ChartData): void {
    if (chartModule) this.draw(chartModule, data);
    else void loading.then((module) => this.draw(module, data));
  }

  private draw(module: ChartModule, data: ChartData): void {
    const themeColor = themeColors();
    const foreground = themeColor('--vscode-foreground', '#cccccc');
    const grid = themeColor('--vscode-charts-lines', 'rgba(128,128,128,0.3)');
    const stacked = data.kind === 'stacked';
    const config: ChartConfiguration<'bar' | 'line', (number | null)[], string> = {
      type: data.kind === 'line' ? 'line' : 'bar',
      data: {
        labels: data.labels,
        datasets: data.series.map((series, index) => {
          const color = themeColor(PALETTE[index % PALETTE.length] as string, FALLBACK[index % FALLBACK.length] as string);
          return { label: series.label, data: series.values, backgroundColor: color, borderColor: color, borderWidth: data.kind === 'line' ? 2 : 0, spanGaps: true, pointRadius: 2 };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        color: foreground,
        plugins: { legend: { display: data.series.length > 1, labels: { color: foreground } }, tooltip: { enabled: true } },
        scales: {
          x: { stacked, ticks: { color: foreground }, grid: { color: grid } },
          y: { stacked, beginAtZero: true, ticks: { color: foreground }, grid: { color: grid } },
        },
      },
    };
    this.chart?.destroy();
    this.chart = new module.Chart(this.canvas, config as ChartConfiguration);
  }

  destroy(): void {
    this.chart?.destroy();
    this.chart = undefined;
  }
}
