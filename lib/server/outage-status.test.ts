import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { record, setProbe } from "@/db/breaker";

import { answerOutageAsUnavailable } from "./outage-status";

// A page that failed while the database is unreachable answers the 503 page with Retry-After in
// place of the error page; any other failure stays a 500, and the API keeps its own answers.

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect" });

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    answerOutageAsUnavailable(request, response);
    // As Next does: status set, then the body written (headers implicit), or writeHead called.
    if (request.url?.includes("explicit")) response.writeHead(500, { "content-type": "text/html" }).end("<p>Something went wrong</p>");
    else if (request.url?.includes("streamed")) {
      response.statusCode = 500;
      response.setHeader("content-encoding", "gzip");
      response.write("<p>Something", () => response.end(" went wrong</p>"));
    } else {
      response.statusCode = 500;
      response.end("<p>Something went wrong</p>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => setProbe(undefined));

describe("a failed page while the database is unreachable", () => {
  it.each(["/apps", "/apps/some-app?explicit", "/developers/x?streamed"])("%s answers the 503 page with Retry-After", async (path) => {
    setProbe(() => Promise.resolve());
    record(refused);
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
    const text = await response.text();
    expect(text).toContain("We'll be right back");
    expect(text).not.toContain("Something went wrong");
  });

  it("stays 500 when the database is answering", async () => {
    const response = await fetch(`${origin}/apps`);
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("leaves API answers alone", async () => {
    setProbe(() => Promise.resolve());
    record(refused);
    expect((await fetch(`${origin}/api/apps`)).status).toBe(500);
  });
});
