import { env } from "@/lib/core/env";
import { ApiError, type FieldError } from "@/lib/core/errors";
import { summarize } from "@/lib/core/zod-errors";
import type { UpdateAppInput } from "./schemas";

type ImageFields = Pick<UpdateAppInput, "logoUrl" | "bannerUrl" | "screenshots">;

/**
 * The request schema accepts http:// image URLs, since the browser cannot know the deployment; the
 * server accepts them only where ASSET_FETCH_ALLOW_PRIVATE lets listings use local image servers
 * (development, tests). Otherwise one 400 names each, as the schema does for its own checks.
 */
export function assertImageUrlsAllowed(input: ImageFields): void {
  if (env().assetFetchAllowPrivate) return;
  const urls: [string, string | null | undefined][] = [
    ["logoUrl", input.logoUrl],
    ["bannerUrl", input.bannerUrl],
    ...(input.screenshots ?? []).map((shot, index): [string, string] => [`screenshots[${index}].url`, shot.url]),
  ];
  const errors: FieldError[] = urls
    .filter(([, url]) => url && new URL(url).protocol === "http:")
    .map(([path]) => ({ path, code: "custom", message: "must be an absolute https:// URL" }));
  if (errors.length > 0) throw new ApiError("validation_failed", summarize(errors), { errors });
}
