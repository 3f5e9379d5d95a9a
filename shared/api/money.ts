/** Money has two decimals throughout (the service's prices, totals and the app's estimates). */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100
}
