import { z } from 'zod'
import {
  Basket,
  CountryCode,
  CurrentUser,
  LineItem,
  Order,
  Organisation,
  Address,
  Product,
  ProductGroup,
  ProductGroupListItem,
  SandboxCapabilities,
  ShippingType,
  TokenResponse,
  User,
  UserListItem,
  Vendor,
  ProductType,
} from '../../../shared/api'

/**
 * Where each operation path comes from. The spec states only a few paths; public documentation of
 * the real service ('conventions') settles more; everything else is our choice ('ours'), made in
 * the same resource style and served identically by our sandbox. Deploying against the real
 * service means checking the 'ours' rows here, and nothing else in the app spells a path.
 */
type PathSource = 'spec' | 'conventions' | 'ours'

interface Route<R extends z.ZodType = z.ZodType, L extends boolean = boolean> {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  /** The schema of one resource; list routes answer an array of them. */
  response: R
  list: L
  source: PathSource
}

function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource): Route<R, false>
function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource, list: true): Route<R, true>
function route<R extends z.ZodType>(method: Route['method'], path: string, response: R, source: PathSource, list = false): Route<R> {
  return { method, path, response, list, source }
}

/** The one routes table: operationId → method, path (relative to the profile's base URL), response. */
export const routes = {
  createToken: route('POST', '/oauth/create_token', TokenResponse, 'spec'),
  getCurrentUser: route('GET', '/whoami', CurrentUser, 'conventions'),
  listOrganisations: route('GET', '/organisations', Organisation, 'ours', true),
  listOrganisationAddresses: route('GET', '/organisations/{id}/addresses', Address, 'ours', true),
  listCountryCodes: route('GET', '/country_codes', CountryCode, 'conventions', true),
  listShippingTypes: route('GET', '/shipping_types', ShippingType, 'conventions', true),
  listUsers: route('GET', '/users', UserListItem, 'ours', true),
  getUser: route('GET', '/users/{id}', User, 'ours'),
  createUser: route('POST', '/users', User, 'ours'),
  editUser: route('PUT', '/users/{id}', User, 'ours'),
  listProductGroups: route('GET', '/product_groups', ProductGroupListItem, 'ours', true),
  createProductGroup: route('POST', '/product_groups', ProductGroup, 'ours'),
  getProductGroup: route('GET', '/product_groups/{id}', ProductGroup, 'ours'),
  editProductGroup: route('PUT', '/product_groups/{id}', ProductGroup, 'ours'),
  listProducts: route('GET', '/products', Product, 'conventions', true),
  getProduct: route('GET', '/products/{id}', Product, 'ours'),
  listVendors: route('GET', '/vendors', Vendor, 'ours', true),
  listProductTypes: route('GET', '/product_types', ProductType, 'ours', true),
  listBaskets: route('GET', '/baskets', Basket, 'ours', true),
  createBasket: route('POST', '/baskets', Basket, 'conventions'),
  getBasket: route('GET', '/baskets/{id}', Basket, 'ours'),
  modifyBasket: route('PUT', '/baskets/{id}', Basket, 'ours'),
  submitBasket: route('POST', '/baskets/{id}/submit', Order, 'ours'),
  addBasketLineItem: route('POST', '/baskets/{id}/line_items', LineItem, 'ours'),
  listOrders: route('GET', '/orders', Order, 'spec', true),
  getOrder: route('GET', '/orders/{id}', Order, 'spec'),
  placeOrder: route('POST', '/orders', Order, 'spec'),
  resubmitOrder: route('POST', '/orders/{id}/resubmit', Order, 'spec'),
  cancelOrder: route('POST', '/orders/{id}/cancel', Order, 'ours'),
  // Our sandbox's extras, asked for rather than assumed; the real service answers 404.
  getSandboxCapabilities: route('GET', '/sandbox/capabilities', SandboxCapabilities, 'ours'),
} as const

type Routes = typeof routes
export type OperationId = keyof Routes
export type ListOperationId = { [K in OperationId]: Routes[K]['list'] extends true ? K : never }[OperationId]
export type SingleOperationId = Exclude<OperationId, ListOperationId>
export type ResponseOf<K extends OperationId> = z.output<Routes[K]['response']>

/**
 * The other things the spec leaves "not shown", and what the client assumes of each. Kept beside
 * the routes so a deployment against the real service reviews one file.
 */
export const SERVICE_ASSUMPTIONS = {
  versionSegment: 'Part of the profile base URL, e.g. https://host/api/v1 (conventions); a host-only base gets /api/v1 appended (see baseUrlForm).',
  tokenAuth: 'client_secret_post: client_id and client_secret in the form body (conventions).',
  tokenRenewal: 'Renewed 60 s (or a tenth of its life, if shorter) before expires_in elapses; a 401 renews once and retries once (spec 5.8). expires_in is read as an integer or a numeric string; left out (RFC 6749 5.1 only recommends it), the token is taken to last an hour.',
  errorBody: 'RFC 9457 problem+json with errors[{field,message}] from our sandbox; {message}, {error, error_description} and {errors:{field:[...]}} are also understood.',
  listHeaders: 'X-Total-Count and X-Total-Pages on every list (conventions). Without X-Total-Pages the pages are counted from X-Total-Count and the per_page asked; without either, a full page means one more to read and the total is what the pages so far hold (listTotals), so no reader stops after page 1: the typed lists, the order watcher and the outbox’s basket lookup all count pages with list-totals.ts.',
  perPageMax: 1000,
  listQueries:
    'Sent as the public record shows: a repeated parameter for several values, ORed (status=A&status=B, conventions), different parameters ANDed, page from 1, per_page never above 1000 (conventions). Our sandbox also reads status[]=, status[0]= and comma lists and serves a larger per_page as 1000 (its documented tolerance, sandbox README "Lists"); the client relies on none of that.',
  querySpellings:
    'Values the record gives only a type for are sent as: booleans true/false, dates YYYY-MM-DD (start_date and end_date: the service\'s own calendar days, inclusive), numbers as plain decimals, sort_by values percent-encoded (%2Bdate), so a + never arrives as a space.',
  dateTimes:
    'Date-times are ISO 8601 without a zone designator (spec 2) and the record names no zone: they are read as UTC (our sandbox writes UTC), fractional seconds kept, by one reading (shared/service-date-time.ts) for what is shown, in the user\'s time zone (whoami timezone), and what is exported (CSV as UTC instants, Excel as UTC times), whatever zone the computer is in; a value that carries a zone is taken as it is, a bare date (a shipment\'s) is a calendar date, never shifted. A service writing its local time would shift the times shown by its offset, never the order of orders.',
  statusCodes:
    'Spec 7 shows no status codes; they are read by standard HTTP: 401 renews the token once, 403 a missing permission, 404 gone or not visible, 409 a state that does not allow it, 429 waits for Retry-After, 5xx transient, any other 4xx a refused input. A write to a basket that a lost reply may have submitted, refused with 404 or 409, makes the outbox look for the order of the same id (GET /orders/{id}) before showing the refusal.',
  orderTextSearch:
    'The local orders index answers the list filters offline as the service would. Spec 4.2 names what text matches (reference, supplier reference, purchase order), not how: the reference is taken to be the order id (with or without #) or a shipment\'s reference, the supplier reference supplier_ref or any linked_supplier_refs; all but the id match in part, case-insensitively, as our sandbox does; offline it also finds order names, end users and organisation names.',
  actionAnswers: 'What POST /orders/{id}/resubmit answers is not shown (spec 4.1): our sandbox answers the order; a success that is not an order (no body, a message) is taken as done and the order is read again by GET /orders/{id} (order-actions.ts).',
  requestBounds:
    'Spec 8 bounds only ship_instructions and provisioning_instructions (3500 characters). Drafts are checked before sending with the shared request schemas (baskets/validation.ts), whose other bounds and required fields are our sandbox\'s choice (sandbox README "Limits": 255 characters for names, PO numbers, end users and address fields, 128 for SKUs, 32 for postal codes, quantity 1 to 1,000,000, an address\'s first line, city, postal code and country); the real service may take more or less, and what it refuses comes back on the field it names.',
  rateLimit: 'Unknown; a 429 is honoured through Retry-After, in seconds or as an HTTP date (counted from the answer\'s Date header).',
  facetNames:
    'Vendor and product type records are "not shown" (spec 2): the catalogue asks GET /vendors and GET /product_types (ours) for their names and keeps them with the catalogue; a 404 (or any refusal) leaves them named by id ("Vendor 4").',
  cancelOrder:
    'Not an API operation (spec 3, public record): cancelling is done in the web interface. The client asks GET /sandbox/capabilities (ours) and uses POST /orders/{id}/cancel only where it answers cancelOrder: true (our sandbox); elsewhere it offers "Cancel in the web interface".',
  webOrderPath: 'The order in the web interface is <web interface address>/orders/{id} (ours: the public record gives no web path); the web interface address is a profile setting, defaulting to the base URL\'s origin.',
  transport:
    'HTTPS only (spec 5.10; plain http only to this computer, the demo service). Certificates are validated by Node\'s TLS (chain to a publicly trusted authority, host name, validity). Spec 5.10 also advises revocation checking: not done, as Node offers no OCSP or CRL check; a revoked certificate is trusted until it expires.',
  baseUrlForm: 'A rep may paste the host alone (the public docs\' "base URL") or up to /api/v1 (one official sample); kept as <origin>[/prefix]/api/v1 (conventions).',
  environments: 'Each deployment has a staging and a production host (conventions); a profile says which (demo for loopback hosts, production by default otherwise). The first order to production on a workstation needs an explicit confirmation.',
  externalLinks: 'shell.openExternal opens only the web interface host and the carrier pages of tracking numbers the service returned in shipments (issue 18.4).',
  tokenAnswers: 'Test connection tells apart: unreachable, TLS, no token endpoint (404/405, a non-token answer), invalid_client (RFC 6749 5.2, conventions), a web page or redirect (proxy, captive portal).',
  submissionMarker: 'The outbox finds a basket whose create reply was lost by a marker in its name (no field the service\'s users never see exists); the user\'s own name is put back before submitting (shared/basket-marker.ts).',
  actingOrganisation: 'Basket and order bodies carry `organisation` (own or descendant) — our sandbox\'s choice.',
  compression: 'Answers may be br or gzip encoded when asked (Accept-Encoding: br, gzip; standard HTTP, not stated by the spec); asked of every host but this computer; an encoding that was not asked for is decoded too.',
  conditionalRequests: 'The open-orders poll sends If-None-Match with the last ETag; a 304 means unchanged. A catalogue refresh does the same for each page of listProducts but the first (whose headers say how many pages there are) with the ETag kept beside the stored page, and keeps the stored page on a 304. A service without ETags simply answers 200 each time (standard HTTP, not stated by the spec).',
  answerBounds: 'Every answer is read within bounds (body-reader.ts): a list page at most 16 MB, one record 4 MB, a token or error 64 KB, before and after decoding (a larger Content-Length is refused unread; a decompression bomb stops at the decoded bound); headers within 30 s, no 30 s without a byte, the whole body within 60 s; JSON nested at most 64 deep. A web page, a redirect elsewhere or 511 is a captive portal.',
  unchangedPages:
    'A refresh takes a page of listProducts that is byte for byte the stored one, or answered 304 to the ETag kept with it, as unchanged, and writes nothing while every page and product group is (full-sync.ts). A service that varies the bytes of unchanged data (a timestamp in each answer, a different key order) only makes every refresh write the catalogue anew, as before: never a stale page kept.',
  syncOverSlowLinks: 'Catalogue pages of 1000 (the maximum: fewest round trips, best compression) fetched 4 at a time: at 50 ms RTT one request at a time would leave a 20 Mbit/s link idle a third of the time, 4 keep it full while 4 pages (~6 MB decoded) bound memory; more would only queue on the link.',
  tolerantReading:
    'Answers are read with a reader derived from each strict schema (shared/api/reading.ts): a field the app only shows that is missing, null or of another type degrades to null, its default or a declared value; only ids, status and totals are needed. A list inside an answer (the lines, shipments and units of an order, the rate plans and options of a product, the permissions of the user) is read element by element: an element that cannot be read is left out and the field marked, never the whole list. A permission without `parent` counts as the role\'s own. A record written back whole (a basket, a user, a product group) is not saved from here when a field it writes was not fully read (electron/core/service/fully-read.ts). Spec 9.2 and conventions: "the service may add optional fields, or more data to a response, in a minor release".',
  decimalText:
    'Money is a number in the spec (2.7-2.9). A service built on decimal types may send it as text ("12.50", Django REST framework\'s default): any number the schemas expect that comes as an unambiguous decimal (JSON\'s number grammar) is read as that number and the record is fully read (readAnswer; the catalogue sync too, at any depth: tolerated in product-row.ts). Text that is no such decimal ("12,50", "1,250.00", "£12.50") is not guessed at: the field is marked as not fully read, or the record refused where the field is needed (an order\'s total).',
  nullMeansNotSet:
    'The spec lists fields with a type only and the public record shows no answer body, so whether an unset field comes as null or is left out is not known; we assume either (our sandbox answers null for most). Null where a schema takes no null (an address\'s region, a finance contact\'s title, a meeting line\'s deal registration) is read as the field absent: the address or finance stays whole and the answer is fully read (readAnswer; the catalogue sync too: a product\'s rate_plans sent as null are none, and the product is stored whole). Our sandbox reads null in request bodies the same way, so a basket read with GET goes back by PUT as it is.',
  partialRows:
    'A list row that is only partly read is kept and counted (the orders list and detail show a marker); a row without an id or other needed field is left out and counted, never silently (issue 14). The catalogue sync keeps a product failing the product schema with what could be read (id; SKU and name else empty, price else 0), marked and counted in the catalogue view; only one without a usable id is left out.',
  unknownFields: 'Orders and products are loose schemas: unknown fields are kept, so stored order snapshots and catalogue pages lose nothing (spec 9.2).',
  whoamiCurrency:
    'GET /whoami currency: an ISO 4217 code (spec 2.2) or "the user\'s currency ID" (official sample, conventions): a code, another string or an integer id are all accepted, and so in a price\'s rate_plan_charge_costs currency, whose type the spec does not give (an id is shown as the user\'s money when it is whoami\'s, else as #id; an id written as text, "2", is the same id as 2). Money gets a currency symbol only from an ISO code (whoami, else the prices\' currencies when they name exactly one); otherwise a plain number with the service\'s own label.',
  orderStatuses:
    'CREATED, PROCESSING, ACCEPTED, PART_SHIPPED, SHIPPED, COMPLETE, ATTENTION_REQUIRED, FAILED, CANCELLED (public documentation) and DRAFT for baskets (spec 3). PENDING_AUTHORISATION is a filter value (spec 3). Any other status is shown as spelled and counted open until final (COMPLETE, FAILED, CANCELLED); it always alerts.',
  invalidClient: 'Bad credentials at the token endpoint: the OAuth body {"error":"invalid_client"} (conventions, RFC 6749 5.2), with 401 or 400; both read as refused credentials.',
  shippingTypeCountries: 'GET /shipping_types items carry `countries` (country ids) and `exclude_countries`: an empty list is every country, else where the type is valid, or not valid when exclude_countries is true; missing or null reads as every country. One rule, shared/shipping-type-fits.ts, used by the editor, the draft check, the outbox and the sandbox (conventions: public documentation and sample).',
  shippingTypeRefusal: 'A basket or order whose shipping type does not deliver to its address country is refused; our sandbox answers 422 naming `shipping_type`. The real service\'s answer is not public: the outbox holds such a draft back itself, by the lists last fetched (ours).',
  shippingCost: 'No cost field is known on shipping types; our sandbox sends `cost`, the app shows it only when present (conventions).',
  publicSample: 'A client written from the public sample code (host-only base URL plus /api/v1, client_secret_post, POST /baskets with shipping_address, shipping_type, line_items of product_code/quantity/prov_product_code, name, purchase_order_number, provisioning_instructions; GET /shipping_types chosen by country; POST /orders; GET /orders/{id}) runs against our sandbox unchanged: electron/sandbox/public-sample.test.ts (conventions).',
} as const
