import { ApiError } from "@/lib/core/errors";

/**
 * The states each action of an entity may start from, and why an action is refused in a state.
 * The API (through `stateTransitions`) and the pages (which buttons to show) both read these tables.
 */
export type StateMachine<S extends string, A extends string> = {
  entity: string;
  from: Record<A, readonly S[]>;
  refusals?: Partial<Record<S, Partial<Record<A, string>>>>;
};

type AnyMachine = {
  entity: string;
  from: Record<string, readonly string[]>;
  refusals?: Partial<Record<string, Partial<Record<string, string>>>>;
};
type ActionOf<M extends AnyMachine> = keyof M["from"] & string;

export function can<M extends AnyMachine>(machine: M, action: ActionOf<M>, state: string): boolean {
  return machine.from[action]!.includes(state);
}

/** 409 invalid_state saying why `action` is not allowed while the entity is in `state`. */
export function refusal<M extends AnyMachine>(machine: M, action: ActionOf<M>, state: string): ApiError {
  const article = /^[aeiou]/.test(machine.entity) ? "an" : "a";
  return new ApiError(
    "invalid_state",
    machine.refusals?.[state]?.[action] ?? `cannot ${action} ${article} ${machine.entity} that is ${state}`,
  );
}
