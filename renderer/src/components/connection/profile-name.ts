import { useI18n } from 'vue-i18n'
import type { Profile } from '../../../../shared/ipc/channels/connection'
import { useConnectionStore } from '../../stores/connection'

/**
 * A profile's name as the rep reads it: the demo's in the rep's language (the core stores it once,
 * in English, and it cannot be renamed), and, when another saved profile has the same name, what
 * the core says tells them apart (its service's address, its user). The detail is the saved list's,
 * which the core announces when it changes: the connected profile's status may be older than that.
 */
export function useProfileName(): (p: Profile) => string {
  const { t } = useI18n()
  const connection = useConnectionStore()
  return (p) => {
    const name = p.demo ? t('connection.list.demoName') : p.name
    const listed = connection.profiles.find((x) => x.id === p.id) ?? p
    return listed.nameDetail ? t('connection.list.nameWithDetail', { name, detail: listed.nameDetail }) : name
  }
}
