// electron-vite resolves `?asset` imports in the main bundle to the file's absolute path at runtime.
declare module '*?asset' {
  const path: string
  export default path
}
declare module '*?asset&asarUnpack' {
  const path: string
  export default path
}
