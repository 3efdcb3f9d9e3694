// The one approval request open at a time (approval-request.ts asks, the shell shows the dialog).
// Owns the signal alone, so the shell can watch it on the first screen without the asking code.
import { createSignal } from 'solid-js';
import type { ApprovalNeed } from './staff-session';

export interface OpenApproval {
  need: ApprovalNeed;
  /** What is approved, in staff's words (the view says it). */
  what: string;
  finish: (token: string | null) => void;
}

const [openApproval, setOpenApproval] = createSignal<OpenApproval | null>(null);

/** The request the dialog shows (reactive); null when none is open. */
/** For approval-request.ts: opens or closes the request. */
export { openApproval, setOpenApproval };
