"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

import { apiFetch, ProblemError } from "./api";

type ApiRequest = { path: string; method?: "POST" | "PUT" | "DELETE"; body?: unknown };

type Options<Input, Output> = {
  onSuccess?: (data: Output, input: Input) => void;
  /** Re-render the page from the server after success (default); off when the answer itself is shown. */
  refresh?: boolean;
};

/**
 * The one way a component changes something through the API: `request(input)` says which call,
 * the page re-renders from the server afterwards, and a failure is kept whole (`problem`, with
 * `errorFor(path)` for a form's fields) for <ActionError>.
 */
export function useApiAction<Input = void, Output = unknown>(
  request: (input: Input) => ApiRequest,
  { onSuccess, refresh = true }: Options<Input, Output> = {},
) {
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (input: Input) => {
      const { path, ...init } = request(input);
      return apiFetch<Output>(path, init);
    },
    onSuccess: (data, input) => {
      onSuccess?.(data, input);
      if (refresh) router.refresh();
    },
  });
  const problem = mutation.error instanceof ProblemError ? mutation.error : undefined;
  return { ...mutation, problem, errorFor: (path: string) => problem?.messageFor(path) };
}
