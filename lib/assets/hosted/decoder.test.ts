import { readdir, readFile } from "node:fs/promises";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { blackPng, manyScanJpeg } from "@/test/support/hostile-images";

import { decodeVariants } from "./decoder";

/** This process's decoders, by state: R running, S sleeping (idle), Z ended but not yet reaped. */
async function decoderStates(): Promise<string[]> {
  const states: string[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, command] = await Promise.all([
      readFile(`/proc/${entry}/stat`, "utf8").catch(() => ""),
      readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => ""),
    ]);
    const [state, parent] = stat.replace(/^.*\) /s, "").split(" ");
    if (Number(parent) === process.pid && command.includes("decoder-process.mjs")) states.push(state!);
  }
  return states;
}

describe("decodeVariants", () => {
  it("decodes once in a decoder process and makes a WebP of each width, never wider than the image", async () => {
    const bytes = await sharp({ create: { width: 700, height: 350, channels: 3, background: "navy" } })
      .jpeg()
      .toBuffer();
    const outcome = await decodeVariants(bytes, [640, 1280]);
    if (!("variants" in outcome)) throw new Error(`not decoded: ${JSON.stringify(outcome)}`);
    expect(outcome.variants.map(({ width, height }) => [width, height])).toEqual([
      [640, 320],
      [700, 350],
    ]);
    expect(await sharp(outcome.variants[1]!.bytes).metadata()).toMatchObject({ format: "webp", width: 700 });
    expect(await decodeVariants(Buffer.from("not an image"), [640])).toMatchObject({ failure: "refused" });
  });

  it("stops a decode at its deadline by killing its decoder, and the next image gets a fresh one", async () => {
    // Thousands of scans, each read over the whole image before any row comes out: seconds of work.
    const slow = await manyScanJpeg({ width: 3000, height: 3000, scans: 3000 });
    expect(await decodeVariants(slow, [640], { deadlineMs: 200 })).toEqual({ failure: "deadline", detail: "not decoded within 200 ms" });
    // Killed, not left working: no decoder of this process runs on.
    expect(await decoderStates()).not.toContain("R");
    const next = await decodeVariants(blackPng({ width: 800, height: 600 }), [640]);
    expect(next).toMatchObject({ variants: [{ width: 640, height: 480 }] });
  });

  it("ends a decoder that passes its memory cap, and says so", async () => {
    // 3000 × 3000 RGBA of 16 bits, interlaced: held whole, 72 MB, over a cap of 40 MB above a fresh decoder's.
    const bytes = blackPng({ width: 3000, height: 3000, bits: 16, interlaced: true });
    expect(await decodeVariants(bytes, [640], { maxRssBytes: 100_000_000 })).toEqual({
      failure: "memory",
      detail: "the decoder passed its memory cap",
    });
  });
});
