import type { InstallResult } from "./service";

/** The install response: the app and its install count after this request. */
export function installView({ slug, installCount }: InstallResult) {
  return { slug, installCount };
}
