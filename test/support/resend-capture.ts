import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the Resend API: the real SDK, pointed here through RESEND_BASE_URL, sends
// real HTTP requests that tests can inspect. Answers like Resend: 200 { id } for POST /emails,
// problem bodies `{ statusCode, name, message }` otherwise, and honours Idempotency-Key. Tests in
// another process (the browser journeys, beside the e2e server) read what was delivered with
// GET /emails?to=<address>, which Resend does not have.

export type CapturedRequest = {
  method: string;
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: any;
};

/** An email the capture accepted as new (a repeated Idempotency-Key is not a new delivery). */
type CapturedDelivery = { id: string; idempotencyKey: string | undefined; body: any };

export type ResendCapture = {
  url: string;
  /** Every request received, failed and repeated ones included, in arrival order. */
  requests: CapturedRequest[];
  deliveries: CapturedDelivery[];
  /** The next `count` POST /emails requests are answered with `status` (500 by default). */
  failNext(count: number, status?: number): void;
  /** Forgets requests, deliveries, idempotency keys and pending failures (between tests). */
  reset(): void;
  close(): Promise<void>;
};

const ERROR_NAMES: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "invalid_idempotent_request",
  422: "validation_error",
  429: "rate_limit_exceeded",
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function reply(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function problem(response: ServerResponse, status: number, message: string): void {
  const name = ERROR_NAMES[status] ?? "internal_server_error";
  reply(response, status, { statusCode: status, name, message }, status === 429 ? { "retry-after": "1" } : {});
}

export async function startResendCapture({ latencyMs = 0 }: { latencyMs?: number } = {}): Promise<ResendCapture> {
  const requests: CapturedRequest[] = [];
  const deliveries: CapturedDelivery[] = [];
  const byKey = new Map<string, { id: string; raw: string }>();
  let failures: { remaining: number; status: number } = { remaining: 0, status: 500 };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(", ") : (value ?? "")]),
    );
    const url = new URL(request.url ?? "/", "http://capture");
    const path = url.pathname;
    if (request.method === "GET" && path === "/emails") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const matching = deliveries.filter(({ body: email }) => !to || [email.to].flat().some((each: string) => each.toLowerCase() === to));
      return reply(response, 200, { data: matching.map(({ id, body: email }) => ({ id, ...email })) });
    }
    requests.push({ method: request.method ?? "GET", path, headers, body });
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (request.method !== "POST" || path !== "/emails") return problem(response, 404, "not found");
    if (!headers.authorization?.startsWith("Bearer re_")) return problem(response, 401, "Missing API key in the authorization header.");
    if (failures.remaining > 0) {
      failures.remaining -= 1;
      return problem(response, failures.status, "Simulated failure.");
    }
    if (typeof body !== "object" || !body?.from || !body?.to || !body?.subject) {
      return problem(response, 422, "The `from`, `to` and `subject` fields are required.");
    }
    const key = headers["idempotency-key"];
    const earlier = key ? byKey.get(key) : undefined;
    if (earlier) {
      // Like Resend: the same key with another payload is an error, with the same payload the same email.
      if (earlier.raw !== raw) return problem(response, 409, "Same idempotency key used with a different request body.");
      return reply(response, 200, { id: earlier.id });
    }
    const id = randomUUID();
    if (key) byKey.set(key, { id, raw });
    deliveries.push({ id, idempotencyKey: key, body });
    reply(response, 200, { id });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    deliveries,
    failNext(count, status = 500) {
      failures = { remaining: count, status };
    },
    reset() {
      requests.length = 0;
      deliveries.length = 0;
      byKey.clear();
      failures = { remaining: 0, status: 500 };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
