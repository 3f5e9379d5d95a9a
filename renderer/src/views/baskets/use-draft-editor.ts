import { useDialog } from 'naive-ui'
import { computed, nextTick, onBeforeUnmount, onMounted, ref, shallowRef, toRaw, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'
import type { DraftAddress, DraftDoc, DraftHeaderPatch, DraftLine, DraftLineEdit, DraftLinePatch, DraftView, Rechoose, ReferenceData } from '../../../../shared/ipc/channels/baskets'
import type { ProductSummary } from '../../../../shared/ipc/channels/catalogue'
import { fieldErrorTexts, sameFieldTexts } from '../../components/baskets/field-error-text'
import { lineEntryErrorText } from '../../components/baskets/line-entry-error'
import { productsSharingSku } from '../../components/baskets/shared-sku'
import { useCountryNames } from '../../i18n/country-names'
import { useFormat } from '../../i18n/use-format'
import { api, toApiError, type ApiError } from '../../services/api'
import { useBasketsStore } from '../../stores/baskets'
import { useConnectionStore } from '../../stores/connection'
import { useOrganisations } from '../../stores/use-organisations'
import { shippingDroppedBy, shippingOptions } from './shipping-choice'
import { anythingLeft, stillToChoose } from './still-to-choose'

type Busy = 'add' | 'submit' | 'accept' | 'remove' | null

/**
 * The draft editor's state and actions; the page only lays them out. Every keystroke is saved in
 * the core at once (edits go in order, one at a time, merged while one is on its way), so closing
 * the window or a crash loses nothing typed.
 *
 * Each change of a draft has a revision (DraftView.revision, the `baskets.changed` event's). The
 * editor knows the revision it shows: a change event at or below it is the echo of its own save
 * and ignored; a higher one is someone else's (the scanner, the outbox) and read again once the
 * editor's own saves are in.
 */
export function useDraftEditor(id: Ref<string>) {
  const { t } = useI18n()
  const f = useFormat()
  const countryNames = useCountryNames()
  const router = useRouter()
  const dialog = useDialog()
  const baskets = useBasketsStore()
  const connection = useConnectionStore()
  const { nameOf: organisationName, load: loadOrganisations } = useOrganisations()

  const view = shallowRef<DraftView | null>(null)
  const doc = ref<DraftDoc | null>(null)
  const reference = shallowRef<ReferenceData | null>(null)
  const loadError = shallowRef<ApiError | null>(null)
  const actionError = shallowRef<ApiError | null>(null)
  const entryError = ref<string | undefined>()
  const busy = ref<Busy>(null)
  const saving = ref(false)
  const undo = shallowRef<{ line: DraftLine; index: number } | null>(null)
  /** A basket with no line yet is not an error until the user tries to send it. */
  const submitTried = ref(false)

  const editable = computed(() => view.value?.state === 'draft' || view.value?.state === 'rejected')
  /** The same object while the messages stay the same: a keystroke's answer then renders none of the fields again. */
  const fields = computed<Record<string, string>>((before) => {
    const next = view.value ? fieldErrorTexts(t, view.value, f.number) : {}
    return before && sameFieldTexts(before, next) ? before : next
  })
  const customerFinance = computed(() => doc.value?.payment_type === 'FINANCE' && doc.value.finance?.target === 'CUSTOMER')

  // ---- revisions: what this editor shows, and whether others changed the draft since ----
  /** The revision shown; a change event above it that is not this editor's own asks for a reading. */
  let shown = -1
  /** The highest revision heard of while the editor's own saves were on their way (their echoes included). */
  let heard = -1
  /** A change in between the editor's own (a gap in their revisions): the draft is read again. */
  let stale = false
  /** A plain copy the inputs can change freely. */
  const copy = (d: DraftDoc): DraftDoc => JSON.parse(JSON.stringify(d)) as DraftDoc

  function accept(next: DraftView): void {
    if (next.id !== id.value || next.revision < shown) return
    shown = next.revision
    baskets.noteCurrent(next.id, next.current)
    // What did not change keeps the objects shown, so that only the lines that did render again
    // (1,000 lines pasted into a draft of 1,000 render the 1,000 new ones).
    view.value = { ...next, products: keepEqual(view.value?.products ?? {}, next.products) }
    if (!pendingLines.size) typedTotal.value = null
    if (!saving.value || (!Object.keys(pendingHeader).length && !pendingLines.size)) {
      const shownLines = new Map((doc.value?.line_items ?? []).map((l) => [l.key, toRaw(l)]))
      const fresh = copy(next.doc)
      fresh.line_items = fresh.line_items.map((l) => {
        const before = shownLines.get(l.key)
        return before && JSON.stringify(before) === JSON.stringify(l) ? before : l
      })
      doc.value = fresh
    }
  }

  /** A line's edit answered: that line and the totals change, nothing else is read. */
  function acceptLine(r: DraftLineEdit, key: string): void {
    const v = view.value
    if (!v) return
    // Another change came in between (a scan, the outbox): the whole draft is read once the saves are in.
    if (r.revision !== shown + 1) stale = true
    shown = Math.max(shown, r.revision)
    const lines = [...v.doc.line_items]
    lines[r.index] = r.line
    view.value = { ...v, doc: { ...v.doc, line_items: lines }, estimate: r.estimate, valid: r.valid, fields: r.fields, fieldCodes: r.fieldCodes, revision: shown }
    // The core's total stands once no typed quantity is still on its way.
    if (!pendingLines.size) typedTotal.value = null
    // What the user typed since stays; the estimate is the core's. The line shown takes the saved
    // one's values in place: the array of lines stays as it is, so the table does not render anew.
    const local = doc.value?.line_items[r.index]
    if (local?.key === key && !pendingLines.has(key)) takeValues(local, r.line)
    else if (local?.key === key) local.estimate = r.line.estimate
  }

  // ---- saving: one request at a time, in order; edits merge while one is on its way ----
  let pendingHeader: DraftHeaderPatch = {}
  const pendingLines = new Map<string, DraftLinePatch>()
  let flushing: Promise<void> | null = null
  /** Sends the typed edits; a call while they are being sent joins that run (which goes on until nothing is pending). */
  function flush(): Promise<void> {
    return (flushing ??= sendEdits().finally(() => (flushing = null)))
  }

  async function sendEdits(): Promise<void> {
    saving.value = true
    try {
      while (Object.keys(pendingHeader).length || pendingLines.size) {
        if (Object.keys(pendingHeader).length) {
          const patch = pendingHeader
          pendingHeader = {}
          accept(await api.baskets.update({ id: id.value, patch }))
        } else {
          const [key, patch] = pendingLines.entries().next().value as [string, DraftLinePatch]
          pendingLines.delete(key)
          if (patch.product !== undefined) accept(await api.baskets.updateLine({ id: id.value, key, patch }))
          else acceptLine(await api.baskets.editLine({ id: id.value, key, patch }), key)
        }
      }
      actionError.value = null
    } catch (err) {
      actionError.value = toApiError(err)
      typedTotal.value = null
    } finally {
      saving.value = false
    }
    // Not awaited: this run ends first, so that a key typed while the draft is read is sent by a run
    // of its own at once (it would wait behind the reading, and the reading's answer, shown with
    // nothing pending, would put back the quantity before it: "1." became "1", then "15").
    if ((stale || heard > shown) && !busy.value) void reread()
  }

  function edit(patch: DraftHeaderPatch): void {
    if (!doc.value) return
    Object.assign(doc.value, patch)
    pendingHeader = { ...pendingHeader, ...patch }
    void flush()
  }

  /**
   * The total as the user's typing makes it, until the core's answer: a quantity typed moves the
   * total by its line's unit estimate at once (the core's total, which then comes, is the one kept).
   */
  const typedTotal = ref<number | null>(null)
  const total = computed(() => typedTotal.value ?? view.value?.estimate.total ?? 0)

  function editLine(key: string, patch: DraftLinePatch): void {
    const line = doc.value?.line_items.find((l) => l.key === key)
    const unit = line?.estimate?.unit
    if (line && unit !== undefined && patch.quantity !== undefined && editable.value) {
      const units = (q: number | null | undefined) => Math.max(0, q ?? 0)
      typedTotal.value = Math.round((total.value + unit * (units(patch.quantity) - units(line.quantity))) * 100) / 100
    }
    if (line) Object.assign(line, patch)
    pendingLines.set(key, { ...pendingLines.get(key), ...patch })
    void flush()
  }

  /** Reads the draft again and shows it, unless the user's own edits are on their way (theirs win; read after). */
  /** One reading at a time: changes heard meanwhile are read once it is in (a burst of them costs two readings, not one each). */
  let reading: Promise<void> | null = null
  function reread(): Promise<void> {
    if (reading) {
      stale = true
      return reading
    }
    stale = false
    reading = api.baskets
      .get({ id: id.value })
      .catch(() => null)
      .then((next) => {
        if (!next) return
        if (saving.value || busy.value) heard = Math.max(heard, next.revision)
        else accept(next)
      })
      .finally(() => {
        reading = null
        if (stale) catchUp()
      })
    return reading
  }

  // Changes made elsewhere (the scanner adding to the current draft, the outbox moving it on).
  watch(
    () => baskets.changes.n,
    () => {
      const c = baskets.changes
      if (c.draftId !== id.value || (c.revision !== undefined && c.revision <= shown)) return
      if (saving.value || busy.value) heard = Math.max(heard, c.revision ?? shown + 1)
      else void reread()
    },
  )

  /** Structural changes (add, remove, submit…) wait for the typed edits before them. */
  async function run<T>(kind: Busy, action: () => Promise<T>): Promise<T | undefined> {
    busy.value = kind
    actionError.value = null
    try {
      await flush()
      return await action()
    } catch (err) {
      actionError.value = toApiError(err)
      return undefined
    } finally {
      busy.value = null
      // Once the caller has shown the answer: a change by others meanwhile is read then.
      setTimeout(catchUp, 0)
    }
  }

  function catchUp(): void {
    if (!busy.value && !saving.value && (stale || heard > shown)) void reread()
  }

  // ---- loading ----
  async function load(): Promise<void> {
    try {
      const next = await api.baskets.get({ id: id.value })
      shown = -1
      accept(next)
      loadError.value = null
      if ((next.state === 'draft' || next.state === 'rejected') && !next.current) void baskets.setCurrent(next.id)
      void loadReference(next.organisation ?? undefined)
    } catch (err) {
      loadError.value = toApiError(err)
    }
  }

  async function loadReference(organisation?: number): Promise<void> {
    try {
      reference.value = await baskets.loadReference(organisation)
    } catch (err) {
      actionError.value = toApiError(err)
    }
  }

  // ---- shipping: only the types that deliver to the address's country are offered ----
  const shippingTypeOptions = computed(() =>
    shippingOptions(reference.value?.shippingTypes ?? [], doc.value?.shipping_address?.country_code, doc.value?.shipping_type ?? null).map((s) => ({
      value: s.id,
      // The service's list has no cost (our sandbox adds one): nothing is shown without it.
      label: s.cost === undefined ? s.name : `${s.name} (${f.money(s.cost)})`,
    })),
  )
  /**
   * Every line is a product the catalogue says is not sent physically: the service then charges no
   * shipping whatever type is chosen (sandbox README), which the type's price in the list would not say.
   */
  const nothingShips = computed(() => {
    const lines = doc.value?.line_items ?? []
    return lines.length > 0 && lines.every((l) => !!l.product && view.value?.products[String(l.product)]?.shippable === false)
  })
  /**
   * The estimate adds up the lines only: with a shipping type chosen and a line that ships, the
   * service adds that type's cost when it prices the basket (sandbox README). Its cost when the
   * list gives one (the service's list gives none; our sandbox adds it), else null; undefined when
   * nothing is to be said (no type chosen, no line, or nothing ships).
   */
  const shippingOutsideEstimate = computed<number | null | undefined>(() => {
    const chosen = doc.value?.shipping_type ?? null
    if (chosen === null || !(doc.value?.line_items.length ?? 0) || nothingShips.value) return undefined
    return reference.value?.shippingTypes.find((s) => s.id === chosen)?.cost ?? null
  })
  /** Said when an address change took away a shipping type that does not deliver there, until another is chosen. */
  const shippingDropped = ref<{ type: string; country: string } | null>(null)

  function editAddress(address: DraftAddress): void {
    const dropped = shippingDroppedBy(reference.value?.shippingTypes ?? [], doc.value?.shipping_type ?? null, address.country_code)
    if (!dropped) return edit({ shipping_address: address })
    const country = address.country_code ? countryNames.nameOf(reference.value?.countries, address.country_code) : ''
    shippingDropped.value = { type: dropped.name, country }
    edit({ shipping_address: address, shipping_type: null })
  }

  function editShippingType(value: string | number | null): void {
    shippingDropped.value = null
    edit({ shipping_type: Number(value) || null })
  }

  // ---- "use with this service": what is left to choose again ----
  /** `asked`: whether anything was left when it was said (if not, the note says so until closed). */
  const rechoose = shallowRef<{ answer: Rechoose; asked: boolean } | null>(null)
  const stillLeft = computed(() => (rechoose.value && view.value ? stillToChoose(rechoose.value.answer, view.value) : null))
  // All chosen: the note goes (what is only information, no catalogue here, stays until closed).
  watch(stillLeft, (s) => {
    if (s && rechoose.value?.asked && !rechoose.value.answer.noCatalogue && !anythingLeft(s)) rechoose.value = null
  })

  async function useWithService(): Promise<void> {
    const r = await run('add', () => api.baskets.useWithService({ id: id.value }))
    if (!r) return
    accept(r.draft)
    rechoose.value = { answer: r.rechoose, asked: anythingLeft(stillToChoose(r.rechoose, r.draft)) }
  }

  // ---- lines ----
  /**
   * Adds a line by SKU, or by the product chosen among the suggestions. Answers true once it is on
   * the draft; for a SKU that several products share (refused by the core), those products, for the
   * rep to choose one there and then; false otherwise (the error said under the entry).
   */
  async function addLine(line: { sku: string; quantity: number; productId?: number }): Promise<boolean | { choose: ProductSummary[] }> {
    entryError.value = undefined
    busy.value = 'add'
    try {
      await flush()
      accept(await api.baskets.addLine({ draftId: id.value, sku: line.sku, quantity: line.quantity, ...(line.productId !== undefined ? { productId: line.productId } : {}) }))
      return true
    } catch (err) {
      const error = toApiError(err)
      const sharing = error.code === 'conflict' ? await productsSharingSku(line) : []
      if (sharing.length) return { choose: sharing }
      // The core's words are English: its reason (an unknown SKU, the usual case) is said in the rep's language.
      entryError.value = lineEntryErrorText(t, error, line.sku)
      return false
    } finally {
      busy.value = null
      setTimeout(catchUp, 0)
    }
  }

  /** Removes a line (undo offered); answers where it was, or null if it was not removed. */
  async function removeLine(key: string): Promise<number | null> {
    const r = await run('remove', () => api.baskets.removeLine({ id: id.value, key }))
    if (!r) return null
    accept(r.draft)
    undo.value = { line: r.removed, index: r.index }
    return r.index
  }

  /** Puts the last removed line back where it was; answers its index. */
  async function undoRemove(): Promise<number | null> {
    const u = undo.value
    if (!u) return null
    undo.value = null
    const r = await run('remove', () => api.baskets.restoreLine({ id: id.value, line: u.line, index: u.index }))
    if (!r) return null
    accept(r)
    return u.index
  }

  async function importRows(rows: { productId?: number; sku: string; quantity: number }[]): Promise<boolean> {
    const r = await run('add', () => api.baskets.importLines({ id: id.value, rows }))
    if (r) accept(r)
    return !!r
  }

  async function setOrganisation(value: string | number | null): Promise<void> {
    const organisation = Number(value)
    const r = await run('add', () => api.baskets.setOrganisation({ id: id.value, organisation }))
    if (r) {
      accept(r)
      void loadReference(organisation)
    }
  }

  // ---- the draft as a whole ----
  /**
   * The first order from a production profile on this computer asks first, naming the organisation
   * and the total (the core refuses it unconfirmed too); once confirmed, the profile asks no more.
   */
  async function submit(): Promise<void> {
    submitTried.value = true
    const p = connection.profile
    if (!p || p.environment !== 'production' || p.productionConfirmed || !view.value) return send()
    // The confirmation names the organisation: its name is read first when the list is not in yet.
    if (!connection.organisations.length) await loadOrganisations()
    if (!view.value) return
    const total = view.value.serviceTotal ?? view.value.estimate.total
    dialog.warning({
      title: t('connection.production.title'),
      content: t('connection.production.body', { host: connection.host, organisation: organisationName(view.value.organisation), total: f.money(total) }),
      positiveText: t('connection.production.confirm'),
      negativeText: t('connection.production.cancel'),
      onPositiveClick: async () => {
        try {
          await connection.confirmProduction(p.id)
        } catch (err) {
          actionError.value = toApiError(err)
          return
        }
        await send()
      },
    })
  }

  async function send(): Promise<void> {
    const r = await run('submit', () => api.baskets.submit({ id: id.value }))
    if (r) return accept(r)
    // A refusal can mark the draft itself (made for another service): show what it says now.
    await reread()
    // The notice on the draft says why, with what to do: the refusal itself would say it twice.
    if (view.value?.error?.code === 'other_service') actionError.value = null
    if (actionError.value?.fields && Object.keys(actionError.value.fields).length) {
      // The draft's own first wrong field (the line entry is not part of what was sent); a part wrong as a
      // whole (no shipping address at all) marks no single field: the first control of its group then.
      void nextTick(() => {
        const field =
          document.querySelector<HTMLElement>('[aria-invalid=true]:not([data-testid=sku-input]):not([data-testid=qty-input])') ??
          document.querySelector('fieldset [data-field-error]')?.closest('fieldset')?.querySelector<HTMLElement>('input, select, textarea, [tabindex="0"]')
        field?.focus()
        field?.scrollIntoView?.({ block: 'center' })
      })
    }
  }

  async function acceptPrices(): Promise<void> {
    const r = await run('accept', () => api.baskets.acceptPrices({ id: id.value }))
    if (r) accept(r)
  }

  async function editAgain(): Promise<void> {
    const r = await run('add', () => api.baskets.editAgain({ id: id.value }))
    if (r) accept(r)
  }

  async function makeCurrent(): Promise<void> {
    await baskets.setCurrent(id.value)
    await reread()
  }

  function removeDraft(): void {
    dialog.warning({
      title: t('baskets.editor.remove'),
      content: t('baskets.editor.removeConfirm'),
      positiveText: t('baskets.editor.remove'),
      negativeText: t('baskets.import.cancel'),
      onPositiveClick: async () => {
        const r = await run('remove', () => api.baskets.remove({ id: id.value }))
        if (r?.removed) void router.push({ name: 'baskets' })
      },
    })
  }

  onMounted(() => {
    void baskets.follow()
    void load()
  })
  watch(id, () => void load())
  // Ctrl+Z outside a text field undoes the last removal of a line.
  const onKey = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'z' && undo.value && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) {
      e.preventDefault()
      void undoRemove()
    }
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))

  return {
    view,
    doc,
    reference,
    /** Reads the draft again (after switching to the profile whose draft it is). */
    reload: load,
    loadError,
    actionError,
    entryError,
    busy,
    saving,
    undo,
    submitTried,
    editable,
    fields,
    customerFinance,
    total,
    shippingTypeOptions,
    shippingDropped,
    nothingShips,
    shippingOutsideEstimate,
    rechoose,
    stillLeft,
    edit,
    editLine,
    editAddress,
    editShippingType,
    addLine,
    removeLine,
    undoRemove,
    importRows,
    setOrganisation,
    submit,
    acceptPrices,
    editAgain,
    makeCurrent,
    useWithService,
    removeDraft,
    flush,
  }
}

export type DraftEditor = ReturnType<typeof useDraftEditor>

/** `next`, with each entry equal to the one `before` had being that one. */
function keepEqual<T>(before: Record<string, T>, next: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [k, v] of Object.entries(next)) out[k] = k in before && JSON.stringify(before[k]) === JSON.stringify(v) ? before[k]! : v
  return out
}

/** `to` becomes a copy of `from` (a reactive line: only the values that differ notify). */
function takeValues(to: DraftLine, from: DraftLine): void {
  const target = to as Record<string, unknown>
  for (const k of Object.keys(target)) if (!(k in from)) delete target[k]
  for (const [k, v] of Object.entries(from)) {
    if (JSON.stringify(target[k]) !== JSON.stringify(v)) target[k] = v && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v
  }
}
