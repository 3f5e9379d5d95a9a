import { useI18n } from 'vue-i18n'
import type { Profile } from '../../../../shared/ipc/channels/connection'

/** A profile's name as the rep reads it: the demo's in the rep's language (the core stores it once, in English, and it cannot be renamed). */
export function useProfileName(): (p: Profile) => string {
  const { t } = useI18n()
  return (p) => (p.demo ? t('connection.list.demoName') : p.name)
}
