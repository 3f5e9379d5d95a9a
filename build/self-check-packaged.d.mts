/** The packaged app's executable in `releaseDir` for `platform` (self-check-packaged.mjs), or null with the places looked in. */
export function packagedExecutable(releaseDir: string, platform: NodeJS.Platform, names: { productName: string; executableName: string }): { path: string | null; lookedIn: string[] }
