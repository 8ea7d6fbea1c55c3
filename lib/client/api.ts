"use client";

import type { FieldError } from "@/lib/core/errors";

/** A problem+json answer, kept whole so forms can show each field's message. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
  }

  messageFor(path: string): string | undefined {
    return this.errors.find((error) => error.path === path)?.message;
  }
}

/** fetch for the portal's own API calls: same-origin cookie auth, JSON in and out, problems thrown. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = (data ?? {}) as { code?: string; detail?: string; errors?: FieldError[] };
    throw new ProblemError(response.status, problem.code ?? "unknown", problem.detail ?? response.statusText, problem.errors);
  }
  return data as T;
}
