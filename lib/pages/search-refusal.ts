import { ApiError } from "@/lib/core/errors";

/**
 * Why the service declined to run a search for this page: too many from this client at once
 * (rate_limited) or out of its time budget (service_unavailable). The API answers those as 429 and
 * 503; a page says so in place of its results, not with the error page.
 */
export type SearchRefusal = { code: "rate_limited" | "service_unavailable"; message: string };

const MESSAGES: Record<SearchRefusal["code"], string> = {
  rate_limited: "Too many searches from your network right now. Try again in a few seconds.",
  service_unavailable: "This search took too long to answer. Try again, or use fewer or longer words.",
};

/** `work`'s result, or the refusal of a search; any other failure is thrown on. */
export async function unlessSearchRefused<T>(work: Promise<T>): Promise<T | SearchRefusal> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError && (error.code === "rate_limited" || error.code === "service_unavailable")) {
      return { code: error.code, message: MESSAGES[error.code] };
    }
    throw error;
  }
}

export const isSearchRefusal = (value: unknown): value is SearchRefusal =>
  typeof value === "object" && value !== null && "code" in value && "message" in value && !("items" in value);
