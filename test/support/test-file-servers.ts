import { afterAll, beforeAll, beforeEach } from "vitest";

import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { resendTransport } from "@/lib/email/transport";
import { startIdentityProvider, type StartedIdp } from "@/scripts/idp/server";

import { startImageServer, type ImageServer } from "./image-server";
import { forgetProcessCaches } from "./process-caches";
import { startResendCapture, type CapturedRequest, type ResendCapture } from "./resend-capture";

// Local servers that live as long as the calling test file: started before its first test,
// closed after its last.

/** The image server of this test file (test/support/image-server.ts). */
export function imageServerForFile(): Omit<ImageServer, "close"> {
  let server: ImageServer;
  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(() => server.close());
  return {
    get origin() {
      return server.origin;
    },
    get requests() {
      return server.requests;
    },
    connections: () => server.connections(),
    replace: (path, bytes, contentType) => server.replace(path, bytes, contentType),
    hold: (path) => server.hold(path),
  };
}

/**
 * A Resend stand-in for this test file. `deliverAll()` sends every due outbox email to it with the
 * real dispatcher; before each test the earlier tests' emails are delivered and forgotten, so each
 * test sees only its own in `requests`.
 */
export function emailCaptureForFile(): { readonly requests: CapturedRequest[]; deliverAll: () => Promise<void> } {
  let capture: ResendCapture;
  const transport = () => resendTransport({ apiKey: "re_test_key", from: "Marketplace <marketplace@example.com>" });
  async function deliverAll() {
    process.env.RESEND_BASE_URL = capture.url;
    for (let round = 0; round < 5; round++) {
      const result = await dispatchDueEmails({ transport: transport(), batchSize: 50 });
      if (result.claimed === 0) break;
    }
  }
  beforeAll(async () => {
    capture = await startResendCapture();
  });
  afterAll(() => capture.close());
  beforeEach(async () => {
    await deliverAll();
    capture.reset();
  });
  return {
    get requests() {
      return capture.requests;
    },
    deliverAll,
  };
}

/**
 * A bundled identity provider of this test file's (or describe block's) own, standing in as
 * YAPTURE_ISSUER, that records the path of every request the marketplace makes to it.
 * `providerCalls()` counts them without the discovery document.
 */
export function countingIdentityProviderForBlock(): { readonly calls: string[]; providerCalls: () => number } {
  let idp: StartedIdp;
  const calls: string[] = [];
  const realIssuer = process.env.YAPTURE_ISSUER;
  beforeAll(async () => {
    idp = await startIdentityProvider({
      clients: [
        {
          clientId: process.env.YAPTURE_CLIENT_ID!,
          clientSecret: process.env.YAPTURE_CLIENT_SECRET!,
          redirectUris: ["http://localhost:3000/cb"],
        },
      ],
      onRequest: (path) => calls.push(path),
    });
    process.env.YAPTURE_ISSUER = idp.issuer;
    forgetProcessCaches();
  });
  afterAll(async () => {
    process.env.YAPTURE_ISSUER = realIssuer;
    forgetProcessCaches();
    await idp.close();
  });
  return { calls, providerCalls: () => calls.filter((path) => path !== "/.well-known/openid-configuration").length };
}
