import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import { sharedPageRequest } from "./shared-pages";

const sharedPageKey = (request: IncomingMessage) => sharedPageRequest(request)?.key ?? null;

const request = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  ({ method, url, headers: { host: "market.example", ...headers } }) as unknown as IncomingMessage;

describe("which requests the page cache may answer", () => {
  it("keys a visitor's public pages by host and target", () => {
    for (const url of ["/", "/apps", "/apps?search=sync&sort=rating", "/apps/slack-sync", "/developers/3f0c"]) {
      expect(sharedPageKey(request(url))).toBe(`market.example   ${url}`);
    }
    expect(sharedPageKey(request("/apps", { "x-forwarded-host": "a.example", "x-forwarded-proto": "https" }))).toBe(
      "market.example a.example https /apps",
    );
    expect(sharedPageKey(request("/apps", {}, "HEAD"))).not.toBeNull();
  });

  it("leaves every other page, method and Next request to be rendered", () => {
    for (const url of ["/developer", "/developer/apps", "/admin", "/my-apps", "/signin", "/apps/a/b", "/docs/api", "/api/apps", "x"]) {
      expect(sharedPageKey(request(url))).toBeNull();
    }
    expect(sharedPageKey(request("/apps", {}, "POST"))).toBeNull();
    expect(sharedPageKey(request("/apps?_rsc=1x2"))).toBeNull();
    for (const name of ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"]) {
      expect(sharedPageKey(request("/apps", { [name]: "1" }))).toBeNull();
    }
    expect(sharedPageKey(request(`/apps?search=${"a".repeat(1_100)}`))).toBeNull();
  });

  it("tells a signed-in person's request, whichever session cookie they carry, by the same key", () => {
    for (const cookie of [
      "next-auth.session-token=x",
      "theme=a; __Secure-next-auth.session-token.0=y",
      "a=1;next-auth.session-token.1=z",
    ]) {
      expect(sharedPageRequest(request("/apps", { cookie }))).toEqual({ key: "market.example   /apps", signedIn: true });
    }
    expect(sharedPageRequest(request("/apps", { cookie: "next-auth.csrf-token=abc; mkp_signed_in=1" }))).toEqual({
      key: "market.example   /apps",
      signedIn: false,
    });
  });
});
