import type { YaptureIdentity } from "@/lib/callers/identity";
import type { Operation, ParsedBodyOf, ParsedQueryOf, PathParamsOf } from "@/lib/validation/operation";

import { readBody } from "./body";
import { parseQuery } from "./query";
import { route, type NextRouteHandler, type RequestContext } from "./route";
import { authenticateAdmin } from "./with-admin";
import { authenticateDeveloper, type DeveloperCaller } from "./with-developer";
import { authenticateYaptureUser } from "./with-yapture-user";

/** Who calls, by the operation's `caller`: what the handler receives besides the request. */
type CallerContexts = {
  public: object;
  developer: DeveloperCaller;
  yapture: { identity: YaptureIdentity };
  admin: { admin: YaptureIdentity };
};

/** A developer operation for people only (`personOnly`) always has its member. */
type CallerContextOf<O extends Operation> = O["caller"] extends "developer"
  ? O extends { personOnly: true }
    ? DeveloperCaller & { member: NonNullable<DeveloperCaller["member"]> }
    : DeveloperCaller
  : CallerContexts[O["caller"]];

/** What a handler of operation `O` receives: its caller, typed path params, and its query and body parsed by the operation's schemas. */
export type HandlerContext<O extends Operation> = RequestContext<PathParamsOf<O>> &
  CallerContextOf<O> & { query: ParsedQueryOf<O>; body: ParsedBodyOf<O> };

/** The operation a route handler was made for, so tooling (the route walk, `call()` in tests) can read it off the handler. */
export const DECLARED_OPERATION: unique symbol = Symbol.for("marketplace.declared-operation");

export type OperationHandler = NextRouteHandler & { [DECLARED_OPERATION]: Operation };

async function callerOf(operation: Operation, context: RequestContext): Promise<object> {
  switch (operation.caller) {
    case "public":
      return {};
    case "developer":
      return authenticateDeveloper(context, { ...operation, scope: operation.scope ?? null });
    case "yapture":
      return { identity: await authenticateYaptureUser(context.request) };
    case "admin":
      return { admin: await authenticateAdmin(context.request) };
  }
}

function limitKey(per: NonNullable<Operation["limits"]>[number]["per"], context: RequestContext, caller: object): string {
  switch (per) {
    case "client":
      return context.clientAddress;
    case "client and slug":
      return `${context.clientAddress} ${context.params.slug}`;
    case "person":
      return (caller as CallerContexts["yapture"]).identity.sub;
    case "developer":
      return (caller as CallerContexts["developer"]).developer.id;
  }
}

/**
 * A route handler made from its operation, which says everything the handler need not: who may
 * call (authenticated, standing and scope checked), the limits counted, the query and body parsed
 * by its schemas (400s named field by field), the path params typed. The handler only does the
 * work. Export it under the operation's method, which the compiler holds it to:
 *
 *   export const { POST } = handle(APPS.submit, async ({ developer, params }) => json(…));
 */
export function handle<const O extends Operation>(
  operation: O,
  handler: (context: HandlerContext<NoInfer<O>>) => Promise<Response>,
): { [Method in Uppercase<O["method"]>]: OperationHandler } {
  for (const { per } of operation.limits ?? []) {
    const known = { person: "yapture", developer: "developer" } as const;
    if (per in known && known[per as keyof typeof known] !== operation.caller) {
      throw new Error(`${operation.operationId}: a limit per ${per} needs a ${known[per as keyof typeof known]} caller`);
    }
  }
  const routeHandler = route(async (context) => {
    const caller = await callerOf(operation, context);
    for (const { policy, per } of operation.limits ?? []) await context.limit(policy, limitKey(per, context, caller));
    const query = operation.query ? parseQuery(context.request, operation.query) : undefined;
    const body = operation.body
      ? await readBody(context.request, operation.body, { optional: operation.bodyOptional, readOnlyFields: operation.readOnlyFields })
      : undefined;
    return handler({ ...context, ...caller, query, body } as HandlerContext<O>);
  });
  const declared = Object.assign(routeHandler, { [DECLARED_OPERATION]: operation });
  return { [operation.method.toUpperCase()]: declared } as unknown as { [Method in Uppercase<O["method"]>]: OperationHandler };
}
