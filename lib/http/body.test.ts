import { describe, expect, it } from "vitest";
import { z } from "zod";

import { call } from "@/test/support/http";

import { MAX_BODY_BYTES, readBody } from "./body";
import { json } from "./responses";
import { route } from "./route";

const schema = z.strictObject({ name: z.string().min(1).max(5), count: z.number().int().optional() });
const echo = route(async ({ request }) => json(await readBody(request, schema)));

describe("readBody", () => {
  it("returns the validated body", async () => {
    const res = await call(echo, { method: "POST", body: { name: "abc", count: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: "abc", count: 2 });
  });

  it("accepts a charset parameter", async () => {
    const res = await call(echo, {
      method: "POST",
      rawBody: '{"name":"a"}',
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ["text/plain", 415, "unsupported_media_type"],
    ["application/x-www-form-urlencoded", 415, "unsupported_media_type"],
  ])("refuses content type %s", async (contentType, status, code) => {
    const res = await call(echo, { method: "POST", rawBody: '{"name":"a"}', headers: { "content-type": contentType } });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("refuses a body without content type", async () => {
    const res = await call(echo, { method: "POST", rawBody: '{"name":"a"}' });
    expect(res.status).toBe(415);
  });

  it.each(['{"name":', "not json", "{'name':'a'}", '{"name":"a"}}'])("gives 400 invalid_json for %s", async (raw) => {
    const res = await call(echo, { method: "POST", rawBody: raw, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });

  it("gives 413 over 1 MiB even without Content-Length", async () => {
    const big = JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) });
    const res = await call(echo, { method: "POST", rawBody: big, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });

  it("gives 413 when Content-Length announces too much", async () => {
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "{}",
    });
    const response = await echo(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
  });

  it("requires a body", async () => {
    const res = await call(echo, { method: "POST" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
  });

  it("names wrong types, unknown and read-only fields", async () => {
    const res = await call(echo, { method: "POST", body: { name: 7, color: "red", status: "APPROVED" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "name", code: "invalid_type" }),
        { path: "color", code: "unknown_field", message: "color is not a recognised field" },
        { path: "status", code: "read_only", message: "status is read-only and cannot be set" },
      ]),
    );
    expect(res.body.detail).toMatch(/^(name|color|status): /);
  });

  it.each([[[]], ["a string"], [null], [42]])("refuses a non-object body %j", async (value) => {
    const res = await call(echo, { method: "POST", body: value });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
  });
});

describe("a request without a body", () => {
  const optionalSchema = z.strictObject({ name: z.string().optional() });
  const optional = route(async ({ request }) => json(await readBody(request, optionalSchema, { optional: true })));

  // Next hands a POST that has neither Content-Length nor a body (`curl -X POST`) to the handler
  // as an empty stream: that is no body, not a body of the wrong type.
  it.each([
    ["without any header", {}],
    ["with a JSON content type", { "content-type": "application/json" }],
    ["with another content type", { "content-type": "text/plain" }],
  ])("is an absent body when the stream is empty (%s)", async (_what, headers) => {
    const res = await call(optional, { method: "POST", streamed: true, headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("is a clear 400 where the body is required, never a 415", async () => {
    const res = await call(echo, { method: "POST", streamed: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([{ path: "", code: "required", message: "a JSON body is required" }]);
  });

  it("is 415 as soon as a byte arrives without a JSON content type", async () => {
    const res = await call(optional, { method: "POST", streamed: true, rawBody: "{}" });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });

  it("refuses a body of another type announced by its length before reading it", async () => {
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) });
    const request = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "content-type": "text/plain", "content-length": "10" },
      body: stalled,
      duplex: "half",
    } as RequestInit);
    const response = await optional(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(415);
  });
});

describe("NUL characters", () => {
  it("are refused in any string of the body, naming the field", async () => {
    const res = await call(echo, { method: "POST", rawBody: '{"name":"a\\u0000b"}', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([{ path: "name", code: "invalid_string", message: "must not contain NUL characters" }]);
  });
});
