import { describe, expect, it } from "vitest";

import { dnsResolver } from "@/lib/assets/host-resolver";
import { startDnsServer } from "@/test/support/dns-server";

import { webhookUrlProblem } from "./url-policy";

describe("webhookUrlProblem, as in production", () => {
  it("resolves the name each time: a name that now answers with a private address is refused", async () => {
    let addresses = ["93.184.215.14"];
    const dns = await startDnsServer((query) => (query.type === "A" ? { addresses } : { addresses: [] }));
    try {
      const policy = { allowPrivate: false, resolve: dnsResolver({ servers: [dns.address] }) };
      expect(await webhookUrlProblem("https://hooks.example.test/a", policy)).toBeNull();
      addresses = ["10.0.0.7"];
      expect(await webhookUrlProblem("https://hooks.example.test/a", policy)).toMatchObject({ code: "private_address" });
      addresses = ["93.184.215.14", "169.254.169.254"];
      expect(await webhookUrlProblem("https://hooks.example.test/a", policy)).toMatchObject({ code: "private_address" });
    } finally {
      await dns.close();
    }
  });

  it("refuses a name that does not resolve", async () => {
    const dns = await startDnsServer(() => "nxdomain");
    try {
      const policy = { allowPrivate: false, resolve: dnsResolver({ servers: [dns.address] }) };
      expect(await webhookUrlProblem("https://nowhere.example.test/", policy)).toMatchObject({ code: "unresolvable_host" });
    } finally {
      await dns.close();
    }
  });

  it("lets local receivers in where WEBHOOK_ALLOW_PRIVATE does", async () => {
    const policy = { allowPrivate: true, resolve: async () => ["127.0.0.1"] };
    expect(await webhookUrlProblem("http://127.0.0.1:4010/hook", policy)).toBeNull();
  });
});
