// The shift/day report (placeholder).
import { Placeholder } from './Placeholder';

export default function ReportView() {
  return <Placeholder titleKey="report.title" />;
}
