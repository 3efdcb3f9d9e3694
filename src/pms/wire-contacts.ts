// Wire schemas for contacts (companion of wire.ts): the contact fields a request may carry, a
// reference to a contact (its internal id, or details to find or create it), creating, updating and
// searching contacts, and the Contact a response carries. pms-api.md names only the internal id,
// smart_check, gender, language and the marketing consent; every other field is our choice.
import * as v from 'valibot';
import { Id, LooseString, Text } from './wire.ts';

export const ContactType = v.picklist(['PERSON', 'COMPANY'], "must be 'PERSON' or 'COMPANY'");

/** Our choice: '' (not given), male, female or diverse. */
export const Gender = v.picklist(
  ['', 'male', 'female', 'diverse'],
  "must be 'male', 'female', 'diverse' or ''",
);

export const SmartCheck = v.picklist(['yes', 'no'], "must be 'yes' or 'no'");

const Email = v.pipe(
  Text(120),
  v.check((s: string) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'must be an e-mail address'),
);

/** The fields of a contact a request may set; all optional, an omitted field is left unchanged. */
const ContactFieldEntries = {
  type: v.optional(ContactType),
  title: v.optional(Text(40)),
  firstname: v.optional(Text(80)),
  lastname: v.optional(Text(80)),
  company_name: v.optional(Text(120)),
  email: v.optional(Email),
  phone: v.optional(v.pipe(Text(40), v.regex(/^[0-9+()/ .-]*$/, 'must be a phone number'))),
  street: v.optional(Text(120)),
  zip: v.optional(Text(20)),
  city: v.optional(Text(80)),
  country: v.optional(
    v.pipe(Text(2), v.toUpperCase(), v.regex(/^([A-Z]{2})?$/, 'must be an ISO country code')),
  ),
  gender: v.optional(Gender),
  language: v.optional(v.pipe(Text(2), v.toLowerCase(), v.regex(/^([a-z]{2})?$/, 'must be a language code'))),
  marketing_consent: v.optional(v.boolean('must be true or false')),
};

/** POST /api/set/create/contact. smart_check is not accepted: it is only for guests with a reservation. */
export const NewContact = v.pipe(
  v.object(ContactFieldEntries),
  v.forward(
    v.check(
      (c) => ((c.type ?? 'PERSON') === 'COMPANY' ? Boolean(c.company_name) : Boolean(c.lastname)),
      'a person needs a lastname, a company a company_name',
    ),
    ['lastname'],
  ),
);
export type NewContact = v.InferOutput<typeof NewContact>;

/**
 * A contact in a booking, recipient or guest change: `{id}` of an existing contact, or its details,
 * which reuse a contact of the same type, names and e-mail or else create one (our choice).
 */
export const ContactRef = v.union(
  [v.object({ id: Id }), NewContact],
  'must be {id} of a contact or the details of one (lastname or company_name)',
);
export type ContactRef = v.InferOutput<typeof ContactRef>;

/** POST /api/set/contactdata: the internal id is required; omitted fields stay as they are. */
export const ContactUpdate = v.object({
  id: Id,
  ...ContactFieldEntries,
  smart_check: v.optional(SmartCheck),
});
export type ContactUpdate = v.InferOutput<typeof ContactUpdate>;

/**
 * POST /api/get/contacts/searchpattern (our body): at least one field. `*` is a wildcard; a
 * pattern matches from the start of the value ("Bau" finds Bauer), case-insensitively; a phone
 * pattern always starts with a wildcard and compares digits only.
 */
export const ContactSearch = v.pipe(
  v.object({
    firstname: v.optional(Text(80)),
    lastname: v.optional(Text(80)),
    company_name: v.optional(Text(120)),
    email: v.optional(Text(120)),
    phone: v.optional(v.pipe(Text(40), v.regex(/^[0-9+()/ .*-]*$/, 'must be a phone number pattern'))),
    city: v.optional(Text(80)),
  }),
  v.forward(
    v.check(
      (body) =>
        Object.values(body).some((value) => typeof value === 'string' && value.replace(/\*/g, '') !== ''),
      'give at least one of firstname, lastname, company_name, email, phone, city',
    ),
    ['lastname'],
  ),
);
export type ContactSearch = v.InferOutput<typeof ContactSearch>;

export const Contact = v.looseObject({
  id: v.number(),
  type: v.optional(v.string(), 'PERSON'),
  title: LooseString,
  firstname: LooseString,
  lastname: LooseString,
  company_name: LooseString,
  email: LooseString,
  phone: LooseString,
  street: LooseString,
  zip: LooseString,
  city: LooseString,
  country: LooseString,
  gender: LooseString,
  language: LooseString,
  marketing_consent: v.optional(v.boolean(), false),
  /** 'yes', 'no' or '' (never set, or cleared at check-out) */
  smart_check: LooseString,
});
export type Contact = v.InferOutput<typeof Contact>;
