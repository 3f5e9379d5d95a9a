/** Fixed reference data: the same for every seed. */

export const COUNTRIES: [iso: string, name: string][] = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['LU', 'Luxembourg'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['IT', 'Italy'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['DK', 'Denmark'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['FI', 'Finland'],
  ['PL', 'Poland'],
  ['CZ', 'Czechia'],
  ['HU', 'Hungary'],
  ['GR', 'Greece'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['ZA', 'South Africa'],
  ['AE', 'United Arab Emirates'],
  ['IN', 'India'],
  ['SG', 'Singapore'],
  ['JP', 'Japan'],
  ['BR', 'Brazil'],
]
/** Country ids are 1-based positions in COUNTRIES; the United Kingdom is 1. */
export const GB = 1

/** A country's id (its 1-based position in COUNTRIES) by ISO code. */
const countryId = (iso: string): number => COUNTRIES.findIndex(([code]) => code === iso) + 1

const EUROPE_BY_ROAD = ['IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'ES', 'PT', 'IT', 'CH', 'AT', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'HU', 'GR']

export interface ShippingTypeSeed {
  name: string
  cost: number
  /** Country ids: where the type is valid, or where it is not when `exclude` (empty: everywhere). */
  countries: number[]
  exclude: boolean
}

/** Some types limited to a few countries, one excluding some, some for all (service-conventions). */
export const SHIPPING_TYPES: ShippingTypeSeed[] = [
  { name: 'UK Standard Next Day Delivery', cost: 9.95, countries: [countryId('GB')], exclude: false },
  { name: 'UK Pre-10:30 Next Day Delivery', cost: 19.95, countries: [countryId('GB')], exclude: false },
  { name: 'UK Saturday Delivery', cost: 24.95, countries: [countryId('GB')], exclude: false },
  { name: 'UK Economy 3-5 Day Delivery', cost: 4.95, countries: [countryId('GB')], exclude: false },
  { name: 'European Road Freight', cost: 39, countries: EUROPE_BY_ROAD.map(countryId), exclude: false },
  { name: 'International Express', cost: 65, countries: [countryId('GB')], exclude: true },
  { name: 'Collection from Warehouse', cost: 0, countries: [], exclude: false },
  { name: 'Electronic Delivery', cost: 0, countries: [], exclude: false },
]

export const VENDORS = [
  'Arcwave',
  'Bluepeak',
  'Corelink',
  'Datavault',
  'Everon',
  'Fluxnet',
  'Gridstone',
  'Helix Cloud',
  'Ionix',
  'Junova',
  'Kestrel Labs',
  'Lumen Soft',
]

/** Product types; the ids are 1-based positions. */
export const PRODUCT_TYPES = [
  'Switch',
  'Router',
  'Access Point',
  'Firewall',
  'IP Phone',
  'Headset',
  'Server',
  'Cable',
  'Software Licence',
  'Storage Subscription',
  'Backup Subscription',
  'Meeting Subscription',
  'Provisioning',
  'Maintenance',
  'Accessory',
] as const
export type ProductTypeName = (typeof PRODUCT_TYPES)[number]
export const typeId = (name: ProductTypeName): number => PRODUCT_TYPES.indexOf(name) + 1

export interface OrgSeed {
  id: number
  name: string
  parent: number | null
  finance_type: string
  linked_account: boolean
  /** Orders above this total wait in PENDING_AUTHORISATION (our documented rule for manual_authorisation). */
  authorisation_limit: number | null
  domain: string
  city: string
  postcode: string
}

/** A > B > C > D > E in several branches (ids are stable across seeds). */
export const ORGANISATIONS: OrgSeed[] = [
  { id: 1, name: 'Apex Distribution Partners', parent: null, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: null, domain: 'apex.example', city: 'London', postcode: 'EC1A 1BB' },
  { id: 2, name: 'Brightline Resellers', parent: 1, finance_type: 'CREDIT_ACCOUNT', linked_account: true, authorisation_limit: null, domain: 'brightline.example', city: 'Manchester', postcode: 'M1 1AE' },
  { id: 3, name: 'Bluewater IT Group', parent: 1, finance_type: 'PREPAY', linked_account: false, authorisation_limit: null, domain: 'bluewater.example', city: 'Bristol', postcode: 'BS1 4DJ' },
  { id: 4, name: 'Cobalt Managed Services', parent: 2, finance_type: 'CREDIT_ACCOUNT', linked_account: true, authorisation_limit: null, domain: 'cobalt.example', city: 'Leeds', postcode: 'LS1 4AP' },
  { id: 5, name: 'Cedar Systems', parent: 2, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: null, domain: 'cedar.example', city: 'Sheffield', postcode: 'S1 2HE' },
  { id: 6, name: 'Coral Networks', parent: 3, finance_type: 'FINANCE_PARTNER', linked_account: false, authorisation_limit: null, domain: 'coral.example', city: 'Cardiff', postcode: 'CF10 1EP' },
  { id: 7, name: 'Delta Schools Trust', parent: 4, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: 20000, domain: 'deltaschools.example', city: 'York', postcode: 'YO1 7HH' },
  { id: 8, name: 'Dunmore Health', parent: 4, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: null, domain: 'dunmore.example', city: 'Nottingham', postcode: 'NG1 5FS' },
  { id: 9, name: 'Drumlin Logistics', parent: 6, finance_type: 'PREPAY', linked_account: true, authorisation_limit: null, domain: 'drumlin.example', city: 'Belfast', postcode: 'BT1 5GS' },
  { id: 10, name: 'Echo Dental Practice', parent: 7, finance_type: 'PREPAY', linked_account: false, authorisation_limit: 2500, domain: 'echodental.example', city: 'Harrogate', postcode: 'HG1 1BA' },
  { id: 11, name: 'Elm Street Primary School', parent: 7, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: 5000, domain: 'elmstreet.example', city: 'Selby', postcode: 'YO8 4AA' },
  { id: 12, name: 'Ember Clinic', parent: 8, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: null, domain: 'emberclinic.example', city: 'Derby', postcode: 'DE1 1AA' },
  { id: 13, name: 'Eastgate Warehousing', parent: 9, finance_type: 'PREPAY', linked_account: false, authorisation_limit: 2500, domain: 'eastgate.example', city: 'Lisburn', postcode: 'BT28 1AG' },
  { id: 14, name: 'Cirrus Retail', parent: 5, finance_type: 'CREDIT_ACCOUNT', linked_account: false, authorisation_limit: null, domain: 'cirrus.example', city: 'Hull', postcode: 'HU1 1AA' },
]

export const FIRST_NAMES = ['Alex', 'Sam', 'Jordan', 'Priya', 'Oliver', 'Amelia', 'Noah', 'Isla', 'Mohammed', 'Grace', 'Leo', 'Freya', 'Ethan', 'Zara', 'Lucas', 'Maya', 'Finn', 'Chloe', 'Arjun', 'Sofia']
export const LAST_NAMES = ['Morgan', 'Patel', 'Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Roberts', 'Khan', 'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Wood', 'Clarke']
export const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue', 'Queen Street', 'King Street', 'Market Place', 'London Road']
export const TIMEZONES = ['Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'Europe/Amsterdam']
