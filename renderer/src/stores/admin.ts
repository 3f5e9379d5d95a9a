import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ProductGroup, ProductGroupBody, ProductGroupListItem, User, UserBody } from '../../../shared/api'
import { UserListInput, type ProductGroupRecord, type UserListParams, type UserListResult } from '../../../shared/ipc/channels/admin'
import { adminAccess } from '../../../shared/permissions'
import { api, toApiError, type ApiError } from '../services/api'
import { useConnectionStore } from './connection'

/**
 * Administration as the views show it: what the current user may do (from their permissions),
 * the users list with its query, and the product groups. Every action needs the service; a failed
 * one throws ApiError and the form that started it keeps what was typed.
 */
export const useAdminStore = defineStore('admin', () => {
  const connection = useConnectionStore()
  const access = computed(() => adminAccess(connection.user))

  // A to Z, as people look names up (the service's own default is Z to A).
  const userQuery = ref<UserListParams>(UserListInput.parse({ sort_by: '+name' }))
  const users = ref<UserListResult | null>(null)
  const usersError = shallowRef<ApiError | null>(null)
  const usersLoading = ref(false)
  /** Role ids seen on users loaded this session: the service has no roles list (spec 2.5 gives ids only). */
  const knownRoles = ref<number[]>([])

  const groups = ref<ProductGroupListItem[] | null>(null)
  const groupsError = shallowRef<ApiError | null>(null)

  async function loadUsers(patch: Partial<UserListParams> = {}): Promise<void> {
    userQuery.value = { ...userQuery.value, ...patch }
    usersLoading.value = true
    try {
      users.value = await api.admin.listUsers(userQuery.value)
      usersError.value = null
    } catch (err) {
      usersError.value = toApiError(err)
    } finally {
      usersLoading.value = false
    }
  }

  function noteRoles<U extends User>(u: U): U {
    knownRoles.value = [...new Set([...knownRoles.value, ...u.roles])].sort((a, b) => a - b)
    return u
  }

  const getUser = async (id: number) => noteRoles(await api.admin.getUser({ id }))
  const createUser = async (body: UserBody) => noteRoles(await api.admin.createUser(body))
  const editUser = async (id: number, body: UserBody, confirmLoss: boolean) => noteRoles(await api.admin.editUser({ ...body, id, confirmLoss }))

  async function loadGroups(): Promise<void> {
    try {
      groups.value = await api.admin.listProductGroups()
      groupsError.value = null
    } catch (err) {
      groupsError.value = toApiError(err)
    }
  }

  const getGroup = (id: number): Promise<ProductGroupRecord> => api.admin.getProductGroup({ id })
  async function saveGroup(id: number | null, body: ProductGroupBody): Promise<ProductGroup> {
    const saved = id === null ? await api.admin.createProductGroup(body) : await api.admin.editProductGroup({ ...body, id })
    groups.value = null
    return saved
  }

  return { access, userQuery, users, usersError, usersLoading, knownRoles, groups, groupsError, loadUsers, getUser, createUser, editUser, loadGroups, getGroup, saveGroup }
})
