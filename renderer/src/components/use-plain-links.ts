import { useRouter } from 'vue-router'

/**
 * Links in long lists as plain anchors, not a RouterLink each (every RouterLink resolves its route
 * again whenever a new answer patches its row): `href` is the router's own for the path, and `open`
 * navigates in the app on a plain click, leaving a modified one (new window, download) to the browser.
 * `pathOf` turns an id into the app path; the router's href for it is worked out once.
 */
export function usePlainLinks(pathOf: (id: number) => string) {
  const router = useRouter()
  const base = router.resolve(pathOf(0)).href.slice(0, -1)
  const href = (id: number) => `${base}${id}`
  function open(e: MouseEvent, id: number): void {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    void router.push(pathOf(id))
  }
  return { href, open }
}
