import { inject, provide, type InjectionKey } from 'vue'
import { useFormat } from '../../i18n/use-format'

type Format = ReturnType<typeof useFormat>

const LINE_FORMAT: InjectionKey<Format> = Symbol('the lines table’s formatting')

/**
 * The lines table's one formatting of money and numbers, shared by its rows: a row of its own would
 * work out the user's formats (and keep a clock running) once per line, thousands of times in a long draft.
 */
export function provideLineFormat(): Format {
  const f = useFormat()
  provide(LINE_FORMAT, f)
  return f
}

/** The table's formatting, in one of its rows (a row outside a table formats on its own). */
export function useLineFormat(): Format {
  return inject(LINE_FORMAT, null) ?? useFormat()
}
