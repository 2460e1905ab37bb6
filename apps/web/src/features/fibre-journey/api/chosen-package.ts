const KEY = "portal.fibre.package";

/** The combo package the visitor came from (e.g. /coverage?package=fibre-300), for this tab. */
export function readChosenPackage(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the combo package the visitor came from; the package step preselects it. */
export function writeChosenPackage(packageId: string): void {
  try {
    sessionStorage.setItem(KEY, packageId);
  } catch {
    // Without storage the visitor simply picks the package again.
  }
}
