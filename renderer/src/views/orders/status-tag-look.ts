import { darkTheme, lightTheme, useThemeVars } from 'naive-ui'
import { computed, type ComputedRef } from 'vue'
import type { ServiceOrderStatus } from '../../../../shared/api'
import { statusTone } from './order-rules'

const TONES = ['default', 'info', 'success', 'warning', 'error'] as const
type Tone = (typeof TONES)[number]
const key = (name: string, tone: Tone) => (tone === 'default' ? name : `${name}${tone[0]!.toUpperCase()}${tone.slice(1)}`)

/**
 * The look of naive-ui's small borderless NTag (StatusTag) as CSS custom properties, worked out
 * once per theme from naive-ui's own tag theme. The orders table sets them on itself and its rows
 * draw each status as a plain span (class `status-look--<tone>`): an NTag per row, each with its
 * own theme lookup and some thirty inline properties, was most of a sort's rendering time.
 */
export function useStatusTagLook(): ComputedRef<Record<string, string>> {
  const vars = useThemeVars()
  return computed(() => {
    const dark = vars.value.bodyColor === darkTheme.common.bodyColor
    const self = ((dark ? darkTheme : lightTheme).Tag?.self?.(vars.value) ?? {}) as Record<string, string>
    const look: Record<string, string> = {
      '--status-height': self.heightSmall ?? '22px',
      '--status-font-size': self.fontSizeSmall ?? '12px',
      '--status-padding': self.padding ?? '0 7px',
      '--status-radius': self.borderRadius ?? '2px',
    }
    for (const tone of TONES) {
      look[`--status-${tone}-color`] = self[key('textColor', tone)] ?? 'inherit'
      look[`--status-${tone}-bg`] = self[key('color', tone)] ?? 'transparent'
    }
    return look
  })
}

/** The class of a status drawn with useStatusTagLook's properties. */
export const statusLookClass = (status: ServiceOrderStatus) => `status-look status-look--${statusTone(status)}`
