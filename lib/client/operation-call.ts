import type { AnswerOf, BodyInputOf, Operation, PathParamsOf, QueryInputOf } from "@/lib/validation/operation";

// The browser calls operations, never path strings: `callOf(APPS.submit, { params: { id } })` builds
// the URL from the operation's path and its method, and the compiler holds the params and the body
// to the operation's declaration (a missing param, a body field the schema does not have, or a body
// for an operation that takes none does not compile). `useApiAction` runs it.

type ParamsInput<O extends Operation> = keyof PathParamsOf<O> extends never ? { params?: undefined } : { params: PathParamsOf<O> };
type BodyInput<O extends Operation> = [BodyInputOf<O>] extends [never]
  ? { body?: undefined }
  : O extends { bodyOptional: true }
    ? { body?: BodyInputOf<O> }
    : { body: BodyInputOf<O> };

type QueryInput<O extends Operation> = [QueryInputOf<O>] extends [never] ? { query?: undefined } : { query?: QueryInputOf<O> };

/** What calling `O` needs: its path params, its query where it reads one, and its body where it takes one. */
export type CallInput<O extends Operation> = ParamsInput<O> & QueryInput<O> & BodyInput<O>;

/** One call of an operation, ready to send; `Answer` is what it answers with. */
export type OperationCall<Answer = unknown> = { method: string; path: string; body?: unknown; answer?: Answer };

/** What a call (or any of several calls) answers with. */
export type AnswerOfCall<Call> = Call extends OperationCall<infer Answer> ? Answer : never;

/** The URL path of an operation, its `{name}` segments filled from `params` (percent-encoded). */
export function pathOf(operation: Pick<Operation, "path">, params: Readonly<Record<string, string>> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/**
 * An operation as plain data (its method and path; its type rides along for the compiler): what a
 * server component hands a client component, since a zod schema cannot cross into the browser as a prop.
 */
export type OperationEndpoint<O extends Operation> = Pick<O, "method" | "path"> & { readonly declaration?: O };

export function endpointOf<const O extends Operation>(operation: O): OperationEndpoint<O> {
  return { method: operation.method, path: operation.path };
}

/** A call of `operation` (or its endpoint): the request to send, typed by the operation's params, body and answer. */
export function callOf<const O extends Operation>(
  operation: O | OperationEndpoint<O>,
  ...[input]: Partial<CallInput<O>> extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>]
): OperationCall<AnswerOf<O>> {
  const search = new URLSearchParams(
    Object.entries((input?.query ?? {}) as Record<string, unknown>).flatMap(([name, value]) =>
      value === undefined || value === null || value === "" ? [] : [[name, String(value)]],
    ),
  ).toString();
  const request = requestOf(operation, input?.params, input?.body);
  return search ? { ...request, path: `${request.path}?${search}` } : request;
}

/**
 * The request of a call whose params and body the caller's own types have already held to the
 * operation: a component generic over the operation it calls (`ActionButton`). Anything else uses `callOf`.
 */
export function requestOf(
  endpoint: Pick<Operation, "method" | "path">,
  params: Readonly<Record<string, string>> | undefined,
  body: unknown,
) {
  return { method: endpoint.method.toUpperCase(), path: pathOf(endpoint, params), body };
}
