// Route entry of the report view (/report): the shift report, printable, and closing the shift.
// See report/ReportPage.tsx.
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import './desk.css';
import './report/report.css';
import { ReportPage } from './report/ReportPage';

export default function ReportView() {
  onMount(noteFirstScreen); // no catalogue to wait for: the background work may start
  return <ReportPage />;
}
