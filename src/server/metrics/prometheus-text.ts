// Writes Prometheus's text exposition format (version 0.0.4): per metric family a `# HELP` and a
// `# TYPE` line, then its samples `name{label="value"} number`, label values escaped (\\, \", \n).
// Owns the format only; metrics.ts decides what is measured.
export type MetricType = 'gauge' | 'counter';

export interface MetricFamily {
  name: string;
  help: string;
  type: MetricType;
  samples: { labels?: Record<string, string>; value: number }[];
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
const escapeHelp = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

/** The families as one exposition, ending with a newline. */
export function renderMetrics(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const text =
        labels.length > 0
          ? `{${labels.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`
          : '';
      lines.push(`${family.name}${text} ${number(sample.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
