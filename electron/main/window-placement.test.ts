import { describe, expect, it } from 'vitest'
import { placement } from './window-placement'

const laptop = { x: 0, y: 0, width: 1440, height: 860 }
const monitorOnTheRight = { x: 1440, y: 0, width: 2560, height: 1400 }
const saved = (x: number, y: number) => ({ x, y, width: 1200, height: 800, maximized: false })

describe('where the window opens', () => {
  it('where the user left it, on whichever screen that was', () => {
    expect(placement(saved(100, 50), [laptop])).toEqual(saved(100, 50))
    expect(placement(saved(2000, 100), [laptop, monitorOnTheRight])).toEqual(saved(2000, 100))
  })

  it('where it was when it hangs partly off the screen, as long as its title bar can be grabbed', () => {
    expect(placement(saved(-1000, 100), [laptop])).toEqual(saved(-1000, 100))
    expect(placement(saved(1390, 100), [laptop])).toBeNull()
  })

  it('at the default place when the screen it was on is gone (the monitor unplugged), or nothing was saved', () => {
    expect(placement(saved(2000, 100), [laptop])).toBeNull()
    expect(placement(saved(100, 900), [laptop])).toBeNull()
    expect(placement(null, [laptop])).toBeNull()
  })
})
