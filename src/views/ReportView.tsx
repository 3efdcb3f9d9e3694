// Route entry of the report view (/report): the shift report, printable, and closing the shift.
// See report/ReportPage.tsx.
import './desk.css';
import './report/report.css';
import { ReportPage } from './report/ReportPage';

export default function ReportView() {
  return <ReportPage />;
}
