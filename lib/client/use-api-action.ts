"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ChangeEvent } from "react";

import { announce, focusWhenShown } from "./announce";
import { apiFetch, ProblemError } from "./api";
import type { AnswerOfCall, OperationCall } from "./operation-call";

type TextState = [value: string, setValue: (value: string) => void];
/** The fields of any of the bodies an action may send. */
type FieldOf<Input> = Input extends unknown ? keyof Input & string : never;
type ControlEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

type Options<Input, Output> = {
  onSuccess?: (data: Output, input: Input) => void;
  /**
   * Re-render the page from the server after success, and ask again what the page's islands asked
   * for (the person's part of a shared page: components/marketplace/app-reader.tsx) (default); off
   * when the answer itself is shown.
   */
  refresh?: boolean;
  /** What a screen reader hears, and everyone sees for a moment, once it worked: never silent. */
  announce: string | ((data: Output, input: Input) => string);
  /** The id of the element that takes the focus once it worked (it may appear with the refreshed page). */
  focus?: string | ((data: Output, input: Input) => string | undefined);
};

/**
 * The one way a component changes something through the API: `request(input)` says which call
 * (`callOf(operation, { params, body })`, lib/client/operation-call.ts),
 * the page re-renders from the server afterwards, what happened is announced and focus goes where
 * the result is (a button that vanished would drop it on the body), and a failure is kept whole (`problem`, with
 * `errorFor(path)` for a form's fields) for <ActionError>. `field(name, [value, setValue])` gives a
 * controlled field its name, value, change handler and this action's error for it.
 */
export function useApiAction<Input = void, Call extends OperationCall = OperationCall, Output = AnswerOfCall<Call>>(
  request: (input: Input) => Call,
  { onSuccess, refresh = true, announce: message, focus }: Options<Input, Output>,
) {
  const router = useRouter();
  const queries = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: Input) => {
      const { path, method, body } = request(input);
      return apiFetch<Output>(path, { method, body });
    },
    onSuccess: (data, input) => {
      onSuccess?.(data, input);
      announce(typeof message === "function" ? message(data, input) : message);
      const target = typeof focus === "function" ? focus(data, input) : focus;
      if (target) focusWhenShown(target);
      if (refresh) {
        router.refresh();
        void queries.invalidateQueries();
      }
    },
  });
  const problem = mutation.error instanceof ProblemError ? mutation.error : undefined;
  const errorFor = (path: string) => problem?.messageFor(path);
  const field = (name: FieldOf<Input>, [value, setValue]: TextState) => ({
    name,
    value,
    onChange: (event: ControlEvent) => setValue(event.target.value),
    error: errorFor(name),
  });
  return { ...mutation, problem, errorFor, field };
}
