import { describe, expect, it } from "vitest";

import { answersByStatus, setAppStatus, validAppBody } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import * as appsRoute from "../route";
import * as appById from "./route";

const { images, owner, createApp, get, doSubmit } = listingsForFile();
const put = (id: string, body: unknown, who = owner) => call(appById.PUT, { method: "PUT", headers: who.token, params: { id }, body });
const del = (id: string, who = owner) => call(appById.DELETE, { method: "DELETE", headers: who.token, params: { id } });

describe("PUT /api/dev/apps/:id", () => {
  it("lets DRAFT be edited partially, screenshots replaced as a set", async () => {
    const app = await createApp();
    const res = await put(app.id, {
      description: "Now better.",
      websiteUrl: null,
      screenshots: [
        { url: `${images.origin}/png/1300x800.png` },
        { url: `${images.origin}/png/1400x900.png` },
        { url: `${images.origin}/png/1500x900.png` },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: app.name, description: "Now better.", websiteUrl: null, status: "DRAFT" });
    expect(res.body.screenshots.map((s: { order: number }) => s.order)).toEqual([0, 1, 2]);
    const patched = await call(appById.PATCH, { method: "PATCH", headers: owner.token, params: { id: app.id }, body: { name: "Patched" } });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe("Patched");
  });

  it.each([
    ["environment", "staging"],
    ["status", "APPROVED"],
    ["featured", true],
    ["slug", "x"],
    ["installCount", 5],
  ])("refuses %s on update with 400 and changes nothing", async (field, value) => {
    const app = await createApp();
    const res = await put(app.id, { [field]: value, name: "Should Not Apply" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
    const after = await get(app.id);
    expect(after.body).toMatchObject({ name: app.name, environment: "production", status: "DRAFT", featured: false, slug: app.slug });
  });

  it("keeps a REJECTED app's reasons through edits and resubmission (reviewers see them) until approval", async () => {
    const app = await createApp();
    const rejection = {
      reasons: [{ criterion: "QUALITY" as const, message: "Screenshots are blurry" }],
      message: "Almost there",
      rejectedAt: new Date().toISOString(),
    };
    await setAppStatus(app.id, "REJECTED", { rejection });
    const edited = await put(app.id, { description: "Sharper screenshots now." });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe("REJECTED");
    expect(edited.body.rejection).toEqual(rejection);
    const submitted = await doSubmit(app.id);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "PENDING", rejection, submittedAt: expect.any(String) });
  });

  it.each(answersByStatus(["DRAFT", "REJECTED"], 200).filter(([, code]) => code === 409))(
    "refuses PUT on %s with %d invalid_state",
    async (status, code) => {
      const app = await createApp();
      await setAppStatus(app.id, status);
      const res = await put(app.id, { name: "Changed" });
      expect(res.status).toBe(code);
      expect(res.body.code).toBe("invalid_state");
      expect((await get(app.id)).body.name).toBe(app.name);
    },
  );

  it("sets, refuses and clears the listing's language", async () => {
    const app = await createApp();
    expect(app.language).toBeNull();
    const set = await put(app.id, { language: "HE" });
    expect(set.status).toBe(200);
    expect(set.body.language).toBe("he");
    const invalid = await put(app.id, { language: "hebrew" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("validation_failed");
    expect(invalid.body.errors).toEqual([expect.objectContaining({ path: "language" })]);
    expect((await get(app.id)).body.language).toBe("he");
    const cleared = await put(app.id, { language: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.language).toBeNull();
  });

  it("keeps the slug given at creation", async () => {
    const app = await createApp({ name: "Original Name" });
    const res = await put(app.id, { name: "Renamed Entirely" });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(app.slug);
  });
});

describe("DELETE /api/dev/apps/:id", () => {
  it.each(answersByStatus(["DRAFT", "REJECTED", "PENDING"], 204))("DELETE on %s gives %d", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await del(app.id);
    expect(res.status).toBe(code);
    if (code === 409) {
      expect(res.body.code).toBe("invalid_state");
      expect((await get(app.id)).status).toBe(200);
    } else {
      expect((await get(app.id)).status).toBe(404);
    }
  });
});

describe("tenancy", () => {
  it.each(["GET", "PUT", "DELETE"])("developer A gets 404 for %s on B's app, and B's app is unchanged", async (action) => {
    const a = await createTestDeveloper();
    const b = await createTestDeveloper();
    const app = await createApp({ name: "B Private App" }, b);
    const headers = a.token;
    const params = { id: app.id };
    const res =
      action === "GET"
        ? await call(appById.GET, { headers, params })
        : action === "PUT"
          ? await call(appById.PUT, { method: "PUT", headers, params, body: { name: "Hijacked" } })
          : await call(appById.DELETE, { method: "DELETE", headers, params });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    const after = await get(app.id, b);
    expect(after.body).toMatchObject({ name: "B Private App", status: "DRAFT" });
  });

  it.each(["not-a-uuid", "123", "00000000-0000-0000-0000-000000000000", "../../etc/passwd"])("answers 404 for the id %j", async (id) => {
    for (const res of [await get(id), await put(id, { name: "x" }), await del(id)]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });
});

describe("with ASSET_FETCH_ALLOW_PRIVATE=false, as in production", () => {
  environmentForBlock({ ASSET_FETCH_ALLOW_PRIVATE: "false" });

  it("refuses http:// image URLs on update, naming each", async () => {
    const app = await call(appsRoute.POST, {
      method: "POST",
      headers: owner.token,
      body: validAppBody(images.origin.replace("http:", "https:")),
    });
    expect(app.status).toBe(201);
    const res = await put(app.body.id, {
      bannerUrl: `${images.origin}/png/1200x600.png`,
      screenshots: [{ url: "https://example.com/1.png" }, { url: "http://example.com/2.png" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([
      { path: "bannerUrl", code: "custom", message: "must be an absolute https:// URL" },
      { path: "screenshots[1].url", code: "custom", message: "must be an absolute https:// URL" },
    ]);
  });
});
