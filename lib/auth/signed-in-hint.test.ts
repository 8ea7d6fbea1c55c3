import { describe, expect, it } from "vitest";

import { withSignedInHint } from "./signed-in-hint";

const answer = (...cookies: string[]) => {
  const headers = new Headers({ location: "/apps" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
};
const hintOf = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith("mkp_signed_in="));

describe("the signed-in hint beside next-auth's answers", () => {
  it("is set with the session cookie's expiry where the session starts or is renewed, readable by script", () => {
    const expires = "Expires=Sat, 28 Nov 2026 23:00:00 GMT";
    const response = withSignedInHint(answer(`next-auth.session-token=abc; Path=/; ${expires}; HttpOnly; SameSite=Lax`), false);
    expect(hintOf(response)).toBe(`mkp_signed_in=1; Path=/; ${expires}; SameSite=Lax`);
    expect([response.status, response.headers.get("location")]).toEqual([302, "/apps"]);
  });

  it("is set on https as Secure, beside a chunked session cookie", () => {
    const response = withSignedInHint(
      answer("__Secure-next-auth.session-token.0=abc; Path=/; Max-Age=28800; HttpOnly; Secure; SameSite=Lax"),
      true,
    );
    expect(hintOf(response)).toBe("mkp_signed_in=1; Path=/; Max-Age=28800; SameSite=Lax; Secure");
  });

  it("is cleared where the session cookie is cleared (sign-out, a refused token)", () => {
    const response = withSignedInHint(answer("next-auth.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"), false);
    expect(hintOf(response)).toBe("mkp_signed_in=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("leaves an answer that does not touch the session alone", () => {
    const untouched = answer("next-auth.csrf-token=xyz; Path=/; HttpOnly; SameSite=Lax");
    expect(withSignedInHint(untouched, false)).toBe(untouched);
  });
});
