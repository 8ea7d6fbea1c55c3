import { z } from "zod";

import { isUniqueViolation } from "@/db/constraint-errors";
import { isDatabaseUnreachable, isStatementCancelled } from "@/db/unreachable";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

import { ApiError, ERROR_CODES, type ErrorCode, type FieldError } from "@/lib/core/errors";
import { problemJson } from "./responses";
import { fieldErrorsFromZod, summarize } from "@/lib/core/zod-errors";

type ProblemBody = {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  requestId: string;
};

/** The database (or another dependency) cannot be reached or did not answer in time: a 503 the client may retry, not a 500. */
function isConnectionFailure(error: unknown): boolean {
  return isDatabaseUnreachable(error) || isStatementCancelled(error);
}

/** Any thrown value → the ApiError the client should see. Unknown errors are logged, never described. */
function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) {
    const errors = fieldErrorsFromZod(error);
    return new ApiError("validation_failed", summarize(errors), { errors });
  }
  if (isUniqueViolation(error)) {
    return new ApiError("conflict", "the resource conflicts with one that already exists");
  }
  if (isConnectionFailure(error)) {
    log.error("dependency unreachable", { requestId, error });
    return new ApiError("service_unavailable", "a backing service is temporarily unavailable; try again shortly", {
      headers: { "retry-after": "5" },
    });
  }
  log.error("unhandled error", { requestId, error });
  return new ApiError("internal_error", "an unexpected error occurred; quote the request id when reporting it");
}

function problemBody(error: ApiError, requestId: string): ProblemBody {
  return {
    type: `${env().APP_URL}/docs/errors#${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    code: error.code,
    detail: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
    requestId,
  };
}

export function problemResponse(error: unknown, requestId: string): Response {
  const apiError = toApiError(error, requestId);
  return problemJson(problemBody(apiError, requestId), { status: apiError.status, headers: apiError.headers });
}
