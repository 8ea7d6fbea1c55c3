import { notFound } from "next/navigation";

import { ApiError } from "@/lib/core/errors";
import { isWellFormedParam } from "@/lib/http/path-params";

/**
 * For pages: what `load` returns, or the not-found page when the path parameter is malformed or
 * the service answers `not_found` (someone else's record included, so nothing leaks about it).
 */
export async function orNotFound<T>(param: { name: "id" | "slug"; value: string }, load: () => Promise<T>): Promise<T> {
  if (!isWellFormedParam(param.name, param.value)) notFound();
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}
