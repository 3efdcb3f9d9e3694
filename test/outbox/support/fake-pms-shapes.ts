// What the fake PMS answers with: the PmsError a failing call throws, and the product and room
// reservation shapes the PMS client would parse from the wire. Used by fake-pms.ts.
import {
  PmsInvalidResponseError,
  PmsNetworkError,
  PmsRejectedError,
  PmsServerError,
  PmsTimeoutError,
  PmsUnpairedError,
} from '../../../src/pms/errors.ts';
import type { OutboxOperation as PmsOperation } from '../../../src/pms/operations.ts';

export type FaultKind = 'network' | 'timeout' | 'server' | 'invalid-response' | 'rejected' | 'unpaired';

export interface Fault {
  kind: FaultKind;
  /** Apply the write first, then fail (the answer is lost). Default false. */
  afterApplying?: boolean;
  status?: number;
  message?: string;
  field?: string;
  retryAfterMs?: number;
  /** For 'rejected': the till server's code (e.g. 'sale_conflict'). */
  code?: string;
  /** For 'unpaired': the gateway's reason. Default 'device_not_paired'. */
  device?: 'device_not_paired' | 'device_revoked';
}

/** The PmsError a real call failing this way would throw. */
export function pmsFailure(operation: PmsOperation, fault: Fault): Error {
  const at = { operation, method: 'POST' as const, url: 'fake' };
  switch (fault.kind) {
    case 'network':
      return new PmsNetworkError(at, 'Could not reach the PMS: connection reset');
    case 'timeout':
      return new PmsTimeoutError(at, 15_000);
    case 'server':
      return new PmsServerError(at, {
        status: fault.status ?? 500,
        pmsMessage: 'boom',
        pmsUnreachable: false,
      });
    case 'invalid-response':
      return new PmsInvalidResponseError(at, 200, 'not JSON: <html>');
    case 'unpaired':
      return new PmsUnpairedError(at, fault.device ?? 'device_not_paired');
    case 'rejected':
      return new PmsRejectedError(at, {
        status: fault.status ?? 400,
        pmsMessage: fault.message ?? 'refused',
        field: fault.field,
        retryAfterMs: fault.retryAfterMs,
        code: fault.code,
      });
  }
}

export function productStub(p: {
  id: number;
  number: string;
  name: string;
  price: number;
  bookable: boolean;
}) {
  return {
    id: p.id,
    number: p.number,
    ean: '',
    name: p.name,
    price: p.price,
    commodity_group_id: 1,
    commodity_group_name: 'Drinks',
    tax_class_id: 1,
    open_price: false,
    bookable_via_api: p.bookable,
  };
}

export function roomStub(id: number) {
  return {
    id,
    main_reservation_id: 1,
    reservation_number: 'R1',
    created_at: '',
    last_modified: '',
    status: 'CHECKED_IN' as const,
    type: 'ROOM',
    self_pay: 'NO' as const,
    start_date: '2026-11-20',
    end_date: '2026-11-25',
    arrival_time: '',
    departure_time: '',
    room_id: null,
    room_number: '204',
    room_category_id: null,
    room_category_name: '',
    rate_id: null,
    person_count: 1,
    guest: {
      id: 1,
      type: 'PERSON',
      title: '',
      firstname: 'Antje',
      lastname: 'Bauer',
      fullname: 'Bauer, Antje',
      email: '',
    },
    guest_id: 1,
    guest_name: 'Bauer, Antje',
    company_id: null,
    company_name: '',
  };
}
