import { brotliDecompressSync, gunzipSync } from "node:zlib";

import fc from "fast-check";

import { ERROR_CODES } from "@/lib/core/errors";
import { rawExchange, type RawAnswer } from "./raw-http";

// Hostile HTTP/1.1 requests as raw bytes, for e2e/api/protocol-fuzz.e2e.ts: methods × request
// targets × headers × body framings, each a complete request (so an answer is always due at once),
// and what makes an answer to one wrong.

/** Far above any answer here (a page renders in well under a second): a request still open then hangs. */
export const HANG_MS = 8_000;
/** The Yapture workspace of the fuzz's installer: a workspace install needs the identity of a member. */
export const FUZZ_WORKSPACE = { id: "ws-protocol-fuzz", name: "Protocol fuzz" };
export const VALID_INSTALL_BODY = JSON.stringify({ workspaceId: FUZZ_WORKSPACE.id });

/** What the generators draw from, known once the server is up; `installer` is a bearer token of a member of FUZZ_WORKSPACE. */
export type World = { slugs: string[]; builtFile: string; installer: string; host: string };

// ---- Generators -------------------------------------------------------------------------------

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
  { weight: 2, arbitrary: fc.constantFrom("TRACE", "CONNECT", "PROPFIND", "TRACK", "MKCOL", "M-SEARCH", "PURGE") },
  { weight: 1, arbitrary: fc.constantFrom("get", "post", "options", "trace", "Get") },
  // Junk tokens, and bytes that are no token at all.
  { weight: 1, arbitrary: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,40}$/) },
  { weight: 1, arbitrary: fc.constantFrom("", "G ET", "GET\u0000", "\u00c9T", "GET\t", "-") },
);

function pathTemplate(world: World) {
  const slug = fc.constantFrom(...world.slugs);
  const id = fc.oneof(fc.uuid(), fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-a-uuid", "1"));
  return fc.oneof(
    // Every family of API routes, public, developer, administrator, next-auth's and none.
    fc.constantFrom("/api/health", "/api/ready", "/api/openapi.json", "/api/apps", "/api/apps/categories/list"),
    fc.constantFrom("/api/apps/featured/list", "/api/apps?search=sync&page=3&limit=50", "/api/apps?page=999999&search=a"),
    slug.map((value) => `/api/apps/${value}`),
    slug.map((value) => `/api/apps/${value}/install`),
    slug.map((value) => `/api/apps/${value}/reviews?limit=2`),
    fc.constantFrom("/api/dev/me", "/api/dev/apps", "/api/dev/api-keys", "/api/dev/register", "/api/dev/me/profile-change"),
    id.chain((value) =>
      fc.constantFrom(
        `/api/dev/apps/${value}`,
        `/api/dev/apps/${value}/submit`,
        `/api/dev/apps/${value}/analytics`,
        `/api/dev/api-keys/${value}`,
      ),
    ),
    fc.constantFrom("/api/admin/apps", "/api/admin/developers", "/api/admin/audit-events", "/api/admin/emails", "/api/admin/revisions"),
    id.chain((value) =>
      fc.constantFrom(
        `/api/admin/apps/${value}/approve`,
        `/api/admin/developers/${value}/verify`,
        `/api/admin/profile-changes/${value}/reject`,
      ),
    ),
    fc.constantFrom(
      "/api/auth/session",
      "/api/auth/csrf",
      "/api/auth/providers",
      "/api/auth/signin/yapture",
      "/api/auth/callback/yapture?code=x",
    ),
    fc.constantFrom("/api/auth/nonsense", "/api/", "/api", "/api/nope/deeper", "/api/apps/a/b/c/d"),
    // Pages, built files and Next's own paths.
    fc.constantFrom(
      "/",
      "/apps",
      "/apps?search=%00%ff&page=-1",
      "/docs/api",
      "/docs/errors",
      "/signin",
      "/developer",
      "/developer/apps/new",
    ),
    fc.constantFrom("/admin", "/admin/apps", "/admin/developers?status=PENDING_VERIFICATION", "/no-such-page", "/icon.svg", "/favicon.ico"),
    slug.map((value) => `/apps/${value}`),
    id.map((value) => `/developers/${value}`),
    fc.constantFrom(
      world.builtFile,
      "/_next/static/nope.js",
      "/_next/image?url=http://evil.example/x.png&w=64&q=75",
      "/_next/data/x/y.json",
    ),
    fc.constantFrom("/_next/", "/_next/static/../../package.json", "/__nextjs_original-stack-frame", "/_next/mcp"),
    // Dots, plain, encoded and double-encoded, and other ways out of a path.
    fc.constantFrom("/api/apps/../dev/me", "/api/apps/%2e%2e/dev/me", "/api/apps/%252e%252e/dev/me", "/%2e%2e/%2e%2e/etc/passwd"),
    fc.constantFrom(
      "/api/apps/..%2f..%2fdev%2fme",
      "/..;/api/admin/apps",
      "/api/./health",
      "//api//health",
      "/api/health/",
      "/\\evil.example/",
    ),
    fc.constantFrom("/api/apps/%ZZ", "/apps/%E0%A4%A", "/api/apps/%00", "/apps/%u002e%u002e", "/api/health?%ZZ=%"),
    // Raw unicode, control characters and NUL (Node's parser refuses some; the answer must still be whole).
    fc.constantFrom("/apps/ünïcödé", "/api/apps/💥", "/apps?search=\u202e\u200b", "/api/apps/\u0000", "/api/apps/a\u0007b", "/apps/\u007f"),
    fc.string({ unit: "grapheme", maxLength: 30 }).map((value) => `/api/apps/${value}`),
    fc.string({ unit: "binary-ascii", maxLength: 30 }).map((value) => `/apps/${value}`),
    // Very long: past a sane URL, and past the 16 KiB the headers (request line included) may take.
    fc.integer({ min: 2_000, max: 40_000 }).map((length) => `/api/apps/${"a".repeat(length)}`),
    fc.integer({ min: 2_000, max: 40_000 }).map((length) => `/apps?search=${"%41".repeat(length / 3)}`),
  );
}

function target(world: World) {
  const path = pathTemplate(world);
  return fc.oneof(
    { weight: 10, arbitrary: path },
    // Absolute-form, to this host and to another; authority-form; asterisk-form; no target at all.
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "http://evil.example",
            "HTTPS://evil.example:443",
            `http://${world.host}`,
            "http://[::1]",
            "http://user@evil.example",
          ),
          path,
        )
        .map(([origin, rest]) => `${origin}${rest}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("evil.example:443", `${world.host}`, "localhost:0", "[::1]:80", "*", "ftp://evil.example/", "", "?x=1"),
    },
  );
}

const body = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  fc.constantFrom("", "{}", "[]", "null", '{"workspaceId":""}', '{"rating":5,"title":"x","body":"y"}', "{", "\u0000", "not json"),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 2, max: 5_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 10_000, max: 300_000 }).map((length) => JSON.stringify({ workspaceId: "x".repeat(length) })),
);

/** How a body is framed, honest or conflicting: each one is complete, so the server has all it needs to answer at once. */
const framing = fc.constantFrom(
  "content-length",
  "content-length",
  "chunked",
  "content-length+chunked",
  "chunked+content-length",
  "two-content-lengths",
  "chunked-twice",
  "gzip-chunked",
  "short-content-length",
  "bad-content-length",
  "bad-chunk-size",
);

const CONTENT_LENGTH_CONFLICTS: Record<string, (length: number) => string[]> = {
  "content-length": (length) => [`Content-Length: ${length}`],
  "two-content-lengths": (length) => [`Content-Length: ${length}`, `Content-Length: ${length + 1}`],
  "content-length+chunked": (length) => [`Content-Length: ${length}`, "Transfer-Encoding: chunked"],
  "chunked+content-length": (length) => ["Transfer-Encoding: chunked", `Content-Length: ${length}`],
  chunked: () => ["Transfer-Encoding: chunked"],
  "chunked-twice": () => ["Transfer-Encoding: chunked, chunked"],
  "gzip-chunked": () => ["Transfer-Encoding: gzip, chunked"],
  "short-content-length": (length) => [`Content-Length: ${Math.max(0, length - 1)}`],
  "bad-content-length": () => ["Content-Length: -1"],
  "bad-chunk-size": () => ["Transfer-Encoding: chunked"],
};

function framedBody(kind: string, text: string): { headers: string[]; bytes: string } {
  const length = Buffer.byteLength(text);
  const headers = CONTENT_LENGTH_CONFLICTS[kind]!(length);
  if (kind === "bad-chunk-size") return { headers, bytes: `zz\r\n${text}\r\n0\r\n\r\n` };
  if (!kind.includes("chunked")) return { headers, bytes: text };
  return { headers, bytes: `${length > 0 ? `${length.toString(16)}\r\n${text}\r\n` : ""}0\r\n\r\n` };
}

function headerLines(world: World) {
  const jwtShaped = fc
    .tuple(fc.base64String({ minLength: 4, maxLength: 40 }), fc.base64String({ minLength: 4, maxLength: 80 }))
    .map(
      ([payload, signature]) => `Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${payload.replace(/=/g, "")}.${signature.replace(/=/g, "")}`,
    );
  return fc.record(
    {
      host: fc.oneof(
        { weight: 6, arbitrary: fc.constant([`Host: ${world.host}`]) },
        fc.constantFrom(
          [],
          [`Host: ${world.host}`, "Host: evil.example"],
          ["Host: evil.example"],
          ["Host:"],
          ["Host: a b"],
          ["Host: [::1"],
        ),
      ),
      authorization: fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        fc.constant([`Authorization: ${world.installer}`]),
        jwtShaped.map((value) => [`Authorization: ${value}`]),
        fc
          .constantFrom(
            "Bearer",
            "Bearer ",
            "Bearer mkp_AAAA",
            "bearer mkp_",
            "Basic dXNlcjpwYXNz",
            "Bearer a b",
            "Bearer \u00ff",
            "Digest x",
          )
          .map((v) => [`Authorization: ${v}`]),
        fc.constant([`Authorization: ${world.installer}`, "Authorization: Bearer mkp_second"]),
      ),
      contentType: fc.oneof(
        { weight: 3, arbitrary: fc.constant(["Content-Type: application/json"]) },
        fc
          .constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/json; charset=utf-16",
            "application/json;;;",
            "*/*",
            "",
          )
          .map((v) => [`Content-Type: ${v}`]),
        fc.constant(["Content-Type: application/json", "Content-Type: text/plain"]),
      ),
      origin: fc.constantFrom(
        ["Origin: https://evil.example"],
        ["Origin: null"],
        [`Origin: http://${world.host}`],
        ["Sec-Fetch-Site: cross-site"],
      ),
      expect: fc.constantFrom(["Expect: 100-continue"], ["Expect: 100-continue"], ["Expect: something-else"]),
      // Mostly within the 16 KiB the headers may take (so the request goes on to Next), sometimes far past it.
      size: fc.oneof(
        { weight: 5, arbitrary: fc.constant([]) },
        fc.integer({ min: 1_000, max: 64_000 }).map((length) => [`X-Huge: ${"h".repeat(length)}`]),
        fc.integer({ min: 20, max: 1_500 }).map((count) => Array.from({ length: count }, (_, index) => `X-Many-${index}: ${index}`)),
      ),
      other: fc.constantFrom(
        ["Cookie: next-auth.session-token=%E0%A4%A"],
        ["Cookie: =; ;;=x"],
        ["X-Forwarded-For: 1.2.3.4, evil"],
        ["X-Request-Id: \u00ff\u00fe"],
        ["Accept: text/html"],
        ["If-None-Match: *"],
        ["Range: bytes=0-0,-1"],
        ["Accept-Encoding: gzip, br, zstd"],
        ["Upgrade: websocket", "Connection: Upgrade"],
        ["X-Middleware-Subrequest: middleware:middleware:middleware:middleware:middleware"],
        ["X-Bad-Header : space"],
        ["Bad\u0000Name: x"],
        ["Folded: a", " continued"],
      ),
    },
    { requiredKeys: ["host"] },
  );
}

type FuzzRequest = { bytes: string; summary: string; address: string; method: string; target: string };

function requestGenerator(world: World): fc.Arbitrary<FuzzRequest> {
  const plain = fc.record({ method, target: target(world), headers: headerLines(world), body, framing });
  // A valid install, as only a member of the workspace may make it (anonymous: 401): other headers still fuzzed.
  const install = fc.record({ slug: fc.constantFrom(...world.slugs), headers: headerLines(world) }).map(({ slug, headers }) => ({
    method: "POST",
    target: `/api/apps/${slug}/install`,
    headers: { ...headers, authorization: [`Authorization: ${world.installer}`], contentType: ["Content-Type: application/json"] },
    body: VALID_INSTALL_BODY as string | undefined,
    framing: "content-length",
  }));
  // Each request from a loopback address of its own: quotas and failure counts stay the fuzz's, and so do not stop it.
  const address = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([a, b]) => `127.25.${a}.${b}`);
  return fc.tuple(fc.oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: install }), address).map(([request, from]) => {
    const framed = request.body === undefined ? { headers: [], bytes: "" } : framedBody(request.framing, request.body);
    const lines = [
      `${request.method} ${request.target} HTTP/1.1`,
      ...Object.values(request.headers).flat(),
      ...framed.headers,
      "Connection: close",
    ];
    const bytes = `${lines.join("\r\n")}\r\n\r\n${framed.bytes}`;
    // The request as sent, with what is long cut short: what a failure prints instead of up to 300 KiB of bytes.
    const short = (text: string) => (text.length > 120 ? `${text.slice(0, 100)}…(${text.length} chars)` : text);
    const many = lines.filter((line) => line.startsWith("X-Many-")).length;
    const head = lines
      .filter((line) => !/^X-Many-[1-9]/.test(line))
      .map((line) => (line.startsWith("X-Many-0") ? `X-Many-0…${many - 1}: …` : short(line)));
    const summary = JSON.stringify([...head, "", short(framed.bytes)].join("\r\n"));
    // A failure prints the summary, not the request's (up to 64 KiB of) bytes.
    return { bytes, summary, address: from, method: request.method, target: request.target, [fc.toStringMethod]: () => summary };
  });
}

// ---- Checking -----------------------------------------------------------------------------------

/** Bytes of a body as read (latin1, one character a byte); a chunked body is reassembled, or null when it is cut short. */
export function wholeBody(answer: RawAnswer): string | null {
  if (answer.headers["transfer-encoding"]?.toLowerCase().includes("chunked")) {
    let rest = answer.body;
    let out = "";
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      if (lineEnd < 0) return null;
      const size = Number.parseInt(rest.slice(0, lineEnd), 16);
      if (Number.isNaN(size)) return null;
      if (size === 0) return out;
      out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
  }
  const length = answer.headers["content-length"];
  if (length === undefined) return answer.body;
  return answer.body.length >= Number(length) ? answer.body.slice(0, Number(length)) : null;
}

/** A body's text, uncompressed as its Content-Encoding says (the fuzz may accept gzip or br). */
function decoded(body: string, encoding: string | undefined): string {
  const bytes = Buffer.from(body, "latin1");
  const plain = encoding === "gzip" ? gunzipSync(bytes) : encoding === "br" ? brotliDecompressSync(bytes) : bytes;
  return plain.toString("utf8");
}

/** What is wrong with an answer, or null. */
function fault(request: FuzzRequest, answer: RawAnswer): string | null {
  if (answer.gaveUp) return `the connection still open after ${HANG_MS} ms (a hang)`;
  if (!(answer.status >= 100 && answer.status <= 599))
    return `no HTTP answer (${answer.socketError ?? "closed"}): ${JSON.stringify(answer.body.slice(0, 100))}`;
  if (answer.status >= 500) return `status ${answer.status}: ${JSON.stringify(answer.body.slice(0, 300))}`;
  const bodyless = request.method === "HEAD" || answer.status === 204 || answer.status === 304;
  const body = bodyless ? "" : wholeBody(answer);
  if (body === null) return `status ${answer.status} with a body cut short (${answer.socketError ?? "closed early"})`;
  const contentType = answer.headers["content-type"] ?? "";
  const apiPath = /^(?:https?:\/\/[^/]*)?\/api\//i.test(request.target) && !/\/api\/auth\//.test(request.target);
  if (answer.status >= 400 && (apiPath || /json/i.test(contentType))) {
    if (contentType !== "application/problem+json")
      return `status ${answer.status} as ${contentType || "no content type"}, not problem+json`;
    if (!answer.headers["x-request-id"]) return `status ${answer.status} without the X-Request-Id its problem names`;
    if (bodyless) return null;
    const problem = JSON.parse(decoded(body, answer.headers["content-encoding"])) as { status?: number; code?: string };
    if (problem.status !== answer.status || !problem.code || !(problem.code in ERROR_CODES))
      return `status ${answer.status} with the problem ${body.slice(0, 300)}`;
  }
  return null;
}

// ---- Running ----------------------------------------------------------------------------------

/** Sends `runs` generated requests, each on its own connection, until the first wrong answer; the statuses seen, and fast-check's report of the failure. */
export async function runProtocolFuzz({ baseURL, world, seed, runs }: { baseURL: string; world: World; seed: number; runs: number }) {
  const statuses: Record<number, number> = {};
  const outcome = await fc.check(
    fc.asyncProperty(requestGenerator(world), async (request) => {
      const answer = await rawExchange(baseURL, [request.bytes], { localAddress: request.address, giveUpMs: HANG_MS });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const problem = fault(request, answer);
      if (problem) throw new Error(problem);
    }),
    // No shrinking: each step is a request, and the summary already says what was sent.
    { seed, numRuns: runs, endOnFailure: true },
  );
  const failure = outcome.failed ? `${String(outcome.errorInstance)}\n${fc.defaultReportMessage(outcome) ?? ""}` : null;
  return { statuses, failure };
}
