import { computed, onMounted } from 'vue'
import { useI18n } from 'vue-i18n'
import { useConnectionStore } from './connection'
import { treeOrder } from './organisation-tree'

/**
 * The organisations the user may act for (own and descendants), as views show them: the list,
 * options for a select, and a name for an id. The list lives in the connection store (kept per
 * profile); a view using it loads it when nothing is there yet. A failure to load is not the
 * view's to show: it is kept in `error`, which the organisation switcher shows; names fall back
 * to "Organisation 7".
 */
export function useOrganisations() {
  const connection = useConnectionStore()
  const { t } = useI18n()

  /** Loads the list again; a failure ends up in `error`. */
  const load = (): Promise<void> => connection.loadOrganisations().then(
    () => {},
    () => {},
  )
  onMounted(() => {
    if (!connection.organisations.length) void load()
  })

  const list = computed(() => connection.organisations)
  const names = computed(() => new Map(connection.organisations.map((o) => [o.id, o.name])))
  const options = computed(() => connection.organisations.map((o) => ({ label: o.name, value: o.id })))
  /** The options as the hierarchy has them, parents first, each child indented (in a native select too) under its parent. */
  const treeOptions = computed(() => treeOrder(connection.organisations).map(({ org, depth }) => ({ label: org.name, value: org.id, depth })))

  /** The organisation's name; '' for none. The acting one is known even before the list is. */
  function nameOf(id: number | null | undefined): string {
    if (id === null || id === undefined) return ''
    const acting = connection.actingOrganisation
    return names.value.get(id) ?? (acting?.id === id ? acting.name : t('frame.organisation.byId', { id }))
  }

  const loading = computed(() => connection.organisationsLoading)
  const error = computed(() => connection.organisationsError)

  return { list, options, treeOptions, nameOf, load, loading, error }
}
