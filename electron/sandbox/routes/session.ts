import { CurrentUser, TokenRequest, TokenResponse } from '../../../shared/api'
import { createToken } from '../auth'
import { bodyText } from '../body-limit'
import { op } from '../operation'

const LOCALES: Record<string, string> = { en: 'en_GB', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', it: 'it_IT', nl: 'nl_NL' }

/** Our ids for the currencies the sandbox knows, for `whoamiCurrency: 'id'` (the real ids are not public). */
const CURRENCY_IDS: Record<string, number> = { GBP: 1, EUR: 2, USD: 3 }
const currencyId = (code: string) => CURRENCY_IDS[code] ?? 1

export const sessionOperations = [
  op({
    operationId: 'createToken',
    method: 'POST',
    path: '/oauth/create_token',
    summary: 'Get an access token (OAuth 2.0 client credentials, client_secret_post)',
    tag: 'Authentication',
    public: true,
    formBody: true,
    response: TokenResponse,
    success: 200,
    errors: [400, 401, 405, 413],
    handle({ state, c }) {
      const out = createToken(state, c.req.header('content-type'), bodyText(c))
      const text = JSON.stringify(out.body)
      return new Response(text, {
        status: out.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      })
    },
  }),
  op({
    operationId: 'getCurrentUser',
    method: 'GET',
    path: '/whoami',
    summary: 'The authenticated user (spec 2.2)',
    tag: 'Session',
    response: CurrentUser,
    success: 200,
    errors: [401],
    handle({ state, caller }) {
      const u = caller.user
      const org = state.orgs.get(u.organisation)
      const has = (p: string) => caller.permissions.some((x) => x.permission === p)
      const body: CurrentUser = {
        id: u.id,
        name: u.name,
        organisation: u.organisation,
        // No emulation in the sandbox: the real user is the user.
        real_id: u.id,
        real_name: u.name,
        currency: state.options.whoamiCurrency === 'id' ? currencyId(org?.currency ?? 'GBP') : (org?.currency ?? 'GBP'),
        locale: LOCALES[u.user_language] ?? 'en_GB',
        timezone: u.timezone,
        admin: u.admin,
        root: u.admin && org?.parent === null,
        modules: ['catalogue', 'ordering', ...(has('users:read') ? ['users'] : []), ...(has('product_groups:read') ? ['product_groups'] : [])],
        permissions: caller.permissions,
      }
      return { json: body }
    },
  }),
]

/** For the OpenAPI document: the token endpoint's form. */
export const TOKEN_FORM = TokenRequest
