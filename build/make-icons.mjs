// Draws the app and tray icons (resources/) as PNGs: `node build/make-icons.mjs`. The committed
// PNGs are the output; this script is how they were made and how to change them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { deflateSync } from 'node:zlib'

const root = join(import.meta.dirname, '..')

// --- a minimal RGBA PNG encoder ---------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y)
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
}

// --- shapes as coverage functions on the unit square, supersampled 4×4 -------------------------
const SS = 4
function render(size, layers) {
  return png(size, (px, py) => {
    let r = 0, g = 0, b = 0, a = 0
    for (let sy = 0; sy < SS; sy++)
      for (let sx = 0; sx < SS; sx++) {
        const x = (px + (sx + 0.5) / SS) / size
        const y = (py + (sy + 0.5) / SS) / size
        // paint layers bottom to top ("over" compositing on premultiplied colour)
        let cr = 0, cg = 0, cb = 0, ca = 0
        for (const { inside, color } of layers) {
          if (!inside(x, y)) continue
          const [lr, lg, lb, la = 1] = color
          cr = lr * la + cr * (1 - la)
          cg = lg * la + cg * (1 - la)
          cb = lb * la + cb * (1 - la)
          ca = la + ca * (1 - la)
        }
        r += cr; g += cg; b += cb; a += ca
      }
    const n = SS * SS
    const alpha = a / n
    const un = (v) => (alpha > 0 ? Math.round(v / n / alpha) : 0)
    return [un(r), un(g), un(b), Math.round(alpha * 255)]
  })
}
const disc = (cx, cy, rad) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad
const ring = (cx, cy, outer, inner) => (x, y) => disc(cx, cy, outer)(x, y) && !disc(cx, cy, inner)(x, y)
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1
const roundRect = (x0, y0, x1, y1, rad) => (x, y) => {
  if (!rect(x0, y0, x1, y1)(x, y)) return false
  const cx = Math.min(Math.max(x, x0 + rad), x1 - rad)
  const cy = Math.min(Math.max(y, y0 + rad), y1 - rad)
  return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad
}
const triangleUp = (cx, top, halfWidth, bottom) => (x, y) => y >= top && y <= bottom && Math.abs(x - cx) <= ((y - top) / (bottom - top)) * halfWidth
const rgb = (hex, a = 1) => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16), a]
const WHITE = rgb('#ffffff')

// Each state differs in shape as well as colour, so it reads without colour vision too.
const TRAY = {
  online: [{ inside: disc(0.5, 0.5, 0.42), color: rgb('#1f9d55') }, { inside: disc(0.5, 0.5, 0.16), color: WHITE }],
  offline: [{ inside: ring(0.5, 0.5, 0.42, 0.28), color: rgb('#7a7f87') }, { inside: rect(0.2, 0.46, 0.8, 0.54), color: rgb('#7a7f87') }],
  sending: [
    { inside: disc(0.5, 0.5, 0.42), color: rgb('#2563eb') },
    { inside: triangleUp(0.5, 0.2, 0.22, 0.5), color: WHITE },
    { inside: rect(0.43, 0.48, 0.57, 0.78), color: WHITE },
  ],
  attention: [
    { inside: disc(0.5, 0.5, 0.42), color: rgb('#d97706') },
    { inside: roundRect(0.43, 0.2, 0.57, 0.6, 0.06), color: WHITE },
    { inside: disc(0.5, 0.73, 0.075), color: WHITE },
  ],
}

// The app icon: a crate on a blue tile.
const APP = [
  { inside: roundRect(0.04, 0.04, 0.96, 0.96, 0.2), color: rgb('#1d4ed8') },
  { inside: roundRect(0.22, 0.3, 0.78, 0.78, 0.05), color: WHITE },
  { inside: rect(0.22, 0.44, 0.78, 0.49), color: rgb('#1d4ed8') },
  { inside: rect(0.47, 0.3, 0.53, 0.49), color: rgb('#1d4ed8') },
  { inside: roundRect(0.3, 0.2, 0.7, 0.3, 0.03), color: rgb('#93c5fd') },
]

function write(rel, data) {
  const file = join(root, rel)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, data)
  console.log(`wrote ${rel} (${data.length} bytes)`)
}

for (const [name, layers] of Object.entries(TRAY)) {
  write(`resources/tray/${name}.png`, render(16, layers))
  write(`resources/tray/${name}@2x.png`, render(32, layers))
}
write('resources/icon.png', render(512, APP))
