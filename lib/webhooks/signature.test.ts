import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

import { newSigningSecret } from "./secrets";
import { signatureHeaders } from "./signature";

// Checked against the specification's own TypeScript library, an implementation independent of ours.
describe("signatureHeaders, checked by the standardwebhooks library", () => {
  const body = JSON.stringify({ id: "0b35b063-8eb9-4c5d-86e9-6c3683c22b4d", type: "app.approved", data: { app: { name: "Ledger" } } });
  const id = "0b35b063-8eb9-4c5d-86e9-6c3683c22b4d";

  it("verifies with the secret, and produces the library's own signature", () => {
    const secret = newSigningSecret();
    const at = new Date();
    const headers = signatureHeaders({ id, at, body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "app.approved" });
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign(id, new Date(Math.floor(at.getTime() / 1000) * 1000), body));
  });

  it("fails with another secret, a changed body, or a timestamp more than five minutes old", () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id, at: new Date(), body, secrets: [secret] });
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("Ledger", "Ledgers"), headers)).toThrow();
    const stale = signatureHeaders({ id, at: new Date(Date.now() - 5 * 60_000 - 10_000), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
  });

  it("during a rotation, verifies with either secret (two v1 signatures in one header)", () => {
    const [old, fresh] = [newSigningSecret(), newSigningSecret()];
    const headers = signatureHeaders({ id, at: new Date(), body, secrets: [fresh, old] });
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(old).verify(body, headers)).toBeTruthy();
    expect(new Webhook(fresh).verify(body, headers)).toBeTruthy();
  });
});
