import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import type { Duplex } from "node:stream";

import { ApiError } from "@/lib/core/errors";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@/lib/core/client-address";
import { REQUEST_ID_HEADER, requestIdFromHeader } from "@/lib/http/request-id";
import { runInRequest } from "@/lib/core/request-context";

import { logAccessWhenDone } from "./access-log";
import { problemAnswer, rawAnswer, sendAnswer } from "./early-answers";
import { keepCookiesPrivate } from "./private-cookies";
import { checkRequestLine } from "./request-line";
import type { RouteOf } from "./route-patterns";

// The production server's node:http side (scripts/serve.ts puts Next behind it): it bounds how long
// a client may take to send a request, stamps the client's address and request id, writes the
// access log, keeps every response that sets a cookie out of shared caches, and answers what Next cannot.

/**
 * How long a request may take to arrive. A client that stalls its headers or body would otherwise
 * hold a connection for Node's defaults, 60 s and 300 s. Checked every second, so each bound is
 * exceeded by at most that. Time spent answering is not counted (an image check takes seconds).
 */
export const REQUEST_TIMEOUTS = { headersMs: 10_000, requestMs: 20_000, checkEveryMs: 1_000 };

type Options = {
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  trusted: BlockList;
  timeouts?: typeof REQUEST_TIMEOUTS;
  /** Write one access-log line per request (ACCESS_LOG), naming routes with `routeOf`. */
  accessLog?: { routeOf: RouteOf } | false;
};

/** `TRACE /api/health HTTP/1.1` → method and target, from the bytes of a request Node could not parse. */
function requestLineOf(rawPacket: Buffer | undefined): { method: string; target: string } | null {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) (\S{1,8192}) HTTP\/1\.[01]\r?\n/.exec(rawPacket?.toString("latin1") ?? "");
  return match ? { method: match[1]!, target: match[2]! } : null;
}

/** The answer to a request Node refused while reading it. */
async function clientErrorAnswer(error: Error & { code?: string; rawPacket?: Buffer }): Promise<Response> {
  const requestId = requestIdFromHeader(undefined);
  switch (error.code) {
    case "HPE_INVALID_METHOD": {
      // A method Node's parser does not know (FOO, TRACK): the same 405 as for one Next does not.
      const line = requestLineOf(error.rawPacket);
      if (line) {
        const verdict = await checkRequestLine({ ...line, requestId });
        if ("answer" in verdict) return verdict.answer;
      }
      return problemAnswer(new ApiError("method_not_allowed", "this server does not support that method"), requestId);
    }
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return problemAnswer(new ApiError("request_timeout", "the request took too long to arrive"), requestId);
    case "HPE_HEADER_OVERFLOW":
      return problemAnswer(new ApiError("header_fields_too_large", "the request's headers are larger than 16 KiB"), requestId);
    default:
      return problemAnswer(new ApiError("bad_request", "the request is not well-formed HTTP/1.1"), requestId);
  }
}

function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  // Once part of an answer is on the wire, or the socket is closing, there is nothing more to say.
  if (!socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  clientErrorAnswer(error).then(
    (answer) => rawAnswer(answer).then((bytes) => socket.end(bytes)),
    () => socket.destroy(),
  );
}

/**
 * The server Next attaches its WebSocket handler to (`next({ httpServer })`). Only `next dev` has
 * WebSockets (HMR). In production that handler would take from us every request that asks for an
 * upgrade (`Upgrade: websocket` on any path), unchecked, and close its connection without an
 * answer; on a server that never listens Node answers such a request as an ordinary one.
 */
export function webSocketServerFor(server: http.Server, { dev }: { dev: boolean }): http.Server {
  return dev ? server : http.createServer();
}

/**
 * RFC 9112 3.2: an HTTP/1.1 request carries exactly one Host (Node would keep the first of several),
 * and a server answers 400 otherwise. Checked here, not by Node, whose own 400 is bare.
 */
function hostProblem(request: IncomingMessage): ApiError | null {
  const hosts = request.rawHeaders.filter((_, index) => index % 2 === 0 && /^host$/i.test(request.rawHeaders[index]!)).length;
  if (hosts > 1) return new ApiError("bad_request", "the request has more than one Host header");
  if (hosts === 0 && request.httpVersion === "1.1") return new ApiError("bad_request", "an HTTP/1.1 request needs a Host header");
  return null;
}

export function createMarketplaceServer({ handle, trusted, timeouts = REQUEST_TIMEOUTS, accessLog = false }: Options): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      requireHostHeader: false, // hostProblem() answers it, as problem+json
    },
    (request, response) => {
      const startedAt = performance.now();
      const target = request.url ?? "";
      const forwarded = request.headers["x-forwarded-for"];
      request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress({
        socketAddress: request.socket.remoteAddress,
        forwardedFor: Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
        trusted,
      });
      const requestId = requestIdFromHeader(request.headers[REQUEST_ID_HEADER]);
      // Next, the route handlers and every response (pages included; Next keeps a header already set) see this one id.
      request.headers[REQUEST_ID_HEADER] = requestId;
      response.setHeader(REQUEST_ID_HEADER, requestId);
      keepCookiesPrivate(response);
      if (accessLog) logAccessWhenDone({ request, response, target, requestId, startedAt, routeOf: accessLog.routeOf });
      runInRequest(requestId, () => {
        const badHost = hostProblem(request);
        if (badHost) return void sendAnswer(response, problemAnswer(badHost, requestId));
        void checkRequestLine({ method: request.method ?? "", target, requestId })
          .then((verdict) => {
            if ("answer" in verdict) return sendAnswer(response, verdict.answer);
            request.url = verdict.target;
            return handle(request, response);
          })
          .catch((error: unknown) => {
            // A client that went away mid-request (a stalled body cut off by the timeout) is owed nothing.
            if (response.headersSent || request.socket.destroyed) return;
            return sendAnswer(response, problemAnswer(error, requestId));
          });
      });
    },
  );
  // Idle keep-alive connections stay open longer than the proxies and clients in front of us keep
  // theirs (load balancers commonly 60 s). With Node's default of 5 s the server could close a
  // connection just as a client sent its next request on it: the client sees a reset, a proxy a 502.
  // (The time between requests counts toward neither timeout above.)
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerClientError);
  // An Expect other than 100-continue (RFC 9110 10.1.1); Node's own 417 would be bare, outside the error model.
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    const requestId = requestIdFromHeader(request.headers[REQUEST_ID_HEADER]);
    const refusal = new ApiError("expectation_failed", "the only expectation this server meets is 100-continue");
    void sendAnswer(response, problemAnswer(refusal, requestId));
  });
  // CONNECT (a proxy tunnel) is no method of ours; Node would close the socket without a word.
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    const requestId = requestIdFromHeader(request.headers[REQUEST_ID_HEADER]);
    const refusal = new ApiError("method_not_allowed", "CONNECT is not supported: this is not a proxy", {
      headers: { allow: "GET, HEAD, OPTIONS" },
    });
    void rawAnswer(problemAnswer(refusal, requestId)).then((bytes) => socket.end(bytes));
  });
  return server;
}
