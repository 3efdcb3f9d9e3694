// PMS calls that find reservations, for charging to a room: search by guest name, single room and
// main reservations, and the time-span listing. All reads. Part of the PMS client (client.ts).
import * as v from 'valibot';
import { callPms, type Transport } from './http.ts';
import { apiPath, checkRequest } from './requests.ts';
import { Id, IsoDate, Responses, SearchPatternRequest, TimeOfDay } from './wire.ts';

/** Arguments of `getReservationsInTimespan` (GET /api/get/timespan/reservations/...). */
export interface TimespanArgs {
  /** First day, YYYY-MM-DD. The period may span at most 12 months. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
  /** Only bookings created or changed on this day (YYYY-MM-DD) or later. */
  lastModified: string;
  /** Narrows `lastModified` to this time of that day or later, HH:MM or HH:MM:SS. */
  lastModifiedTime?: string | undefined;
  /** List no-shows as well (`?include_noshows=yes`). */
  includeNoShows?: boolean | undefined;
}

const TimespanParams = v.object({
  start: IsoDate,
  end: IsoDate,
  lastModified: IsoDate,
  lastModifiedTime: v.optional(TimeOfDay),
  includeNoShows: v.optional(v.boolean('must be true or false')),
});

const ReservationNumber = v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'));

/**
 * The reservation calls of the PMS client, bound to a transport.
 * @example const { searchReservation } = reservationCalls(transport);
 */
export function reservationCalls(transport: Transport) {
  return {
    /**
     * Room reservations matching the guest's first and last name plus the reservation number or the
     * stay's start and/or end date. None found is a 404 refusal, as the PMS reports it.
     */
    searchReservation: async (body: SearchPatternRequest) => {
      checkRequest('searchReservation', SearchPatternRequest, body);
      return callPms(transport, {
        operation: 'searchReservation',
        path: apiPath`/get/roomreservation/searchpattern`,
        body,
        response: Responses.searchPattern,
      });
    },

    /** One room reservation by its id. */
    getRoomReservation: async (id: number) => {
      checkRequest('getRoomReservation', Id, id);
      return callPms(transport, {
        operation: 'getRoomReservation',
        path: apiPath`/get/single_id/roomreservations/${id}`,
        response: Responses.roomReservation,
      });
    },

    /** One main reservation, with all its room reservations, by its id. */
    getMainReservation: async (id: number) => {
      checkRequest('getMainReservation', Id, id);
      return callPms(transport, {
        operation: 'getMainReservation',
        path: apiPath`/get/single_id/mainreservations/${id}`,
        response: Responses.mainReservation,
      });
    },

    /** One main reservation by the reservation number staff and guests see. */
    getMainReservationByNumber: async (reservationNumber: string) => {
      checkRequest('getMainReservationByNumber', ReservationNumber, reservationNumber);
      return callPms(transport, {
        operation: 'getMainReservationByNumber',
        path: apiPath`/get/single_number/mainreservations/${reservationNumber.trim()}`,
        response: Responses.mainReservation,
      });
    },

    /** Room reservations fully or partly inside start..end, created or changed since lastModified. */
    getReservationsInTimespan: async (args: TimespanArgs) => {
      checkRequest('getReservationsInTimespan', TimespanParams, args);
      const { start, end, lastModified, lastModifiedTime } = args;
      const path =
        lastModifiedTime === undefined
          ? apiPath`/get/timespan/reservations/${start}/${end}/${lastModified}`
          : apiPath`/get/timespan/reservations/${start}/${end}/${lastModified}/${lastModifiedTime}`;
      return callPms(transport, {
        operation: 'getReservationsInTimespan',
        path: args.includeNoShows ? `${path}?include_noshows=yes` : path,
        response: Responses.timespan,
      });
    },
  };
}
