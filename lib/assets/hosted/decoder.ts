import type { ChildProcess } from "node:child_process";
import path from "node:path";

import { log } from "@/lib/core/log";

import type { DecodeReply, DecoderMessage, DecoderSettings } from "./decoder-protocol";
import { HOSTED_IMAGE_LIMITS, IMAGE_LINES } from "./limits";

// Decoding runs in child processes (./decoder-process.mjs), never in the server's: the server can
// stop a decode at its deadline only by killing the process doing it (libvips' timeout is checked
// per output row, a worker thread cannot be stopped inside native code, and a libuv thread cannot
// be stopped at all), and memory a decode takes is given back whole when its process ends. A
// decoder is started on first need (~150 ms), takes one image at a time, and ends after a quiet
// half minute, or at once after an image that left it large. How many decode at once is the
// caller's line (./process-image.ts).

type DecodedVariant = { width: number; height: number; bytes: Buffer };

/** The variants, or why there are none: refused by libvips, past the deadline, past the memory cap, or the decoder died. */
export type DecodeOutcome = { variants: DecodedVariant[] } | { failure: "refused" | "deadline" | "memory" | "crashed"; detail: string };

const MEMORY_EXIT_CODE = 70;
/** A decoder must have loaded sharp by then, or it is a fault of the installation, not of an image. */
const START_TIMEOUT_MS = 30_000;
const IDLE_MS = 30_000;
/** A decoder left larger than this by an image ends instead of waiting for the next (a fresh one is ~60 MB). */
const KEEP_BELOW_RSS = 128 * 1024 * 1024;

/** The decoder script: a file beside this one, found from the working folder (the standalone bundle keeps the same path). */
const decoderScript = () => path.join(process.cwd(), "lib", "assets", "hosted", "decoder-process.mjs");

/**
 * child_process, loaded at run time past the bundler: Turbopack resolves the script of every
 * `fork()` it can see at build time as a module to bundle (and fails the build on one it cannot
 * name), where this script must run as it is, with the sharp of the folder's node_modules.
 */
const childProcesses = () => import(/* turbopackIgnore: true */ "node:child_process");

type Decoder = { child: ChildProcess; ready: Promise<void>; idle?: NodeJS.Timeout; stderr: string };

// The idle decoders of this process: one list for every copy of this module Next's bundles load.
const IDLE = Symbol.for("marketplace.image-decoders");
const idleDecoders = () => ((globalThis as { [IDLE]?: Decoder[] })[IDLE] ??= []);

/** A decoder neither keeps the server running nor is kept by it: referenced only while it works. */
function hold(decoder: Decoder, busy: boolean): void {
  const channel = decoder.child.channel as { ref(): void; unref(): void } | null | undefined;
  if (busy) {
    decoder.child.ref();
    channel?.ref();
  } else {
    decoder.child.unref();
    channel?.unref();
  }
}

async function start(settings: DecoderSettings): Promise<Decoder> {
  const { fork } = await childProcesses();
  const child = fork(decoderScript(), [JSON.stringify(settings)], {
    // No loader, a small heap (the pixels are libvips' memory, not V8's), and no environment
    // (nothing in a decoder is worth reading to code a crafted file might run) but glibc's arena
    // count: libvips' threads would each keep an arena of freed memory (15–20 MB more measured).
    execArgv: ["--max-old-space-size=64"],
    env: { MALLOC_ARENA_MAX: "2" } as unknown as NodeJS.ProcessEnv,
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const decoder: Decoder = { child, stderr: "", ready: Promise.resolve() };
  child.stderr?.on("data", (chunk: Buffer) => {
    decoder.stderr = (decoder.stderr + chunk.toString()).slice(-2000);
  });
  decoder.ready = new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`the image decoder did not start: ${why}${decoder.stderr ? `\n${decoder.stderr}` : ""}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.once("message", () => {
      clearTimeout(timer);
      resolve();
    });
    child.once("error", (error) => fail(error.message));
    child.once("exit", (code, signal) => fail(`it exited (${code ?? signal})`));
  });
  decoder.ready.catch(() => {});
  // One that ends while idle (killed from outside) is not handed the next image.
  child.once("exit", () => {
    clearTimeout(decoder.idle);
    const idle = idleDecoders();
    if (idle.includes(decoder)) idle.splice(idle.indexOf(decoder), 1);
  });
  return decoder;
}

function stop(decoder: Decoder): void {
  clearTimeout(decoder.idle);
  const idle = idleDecoders();
  if (idle.includes(decoder)) idle.splice(idle.indexOf(decoder), 1);
  // Disconnecting ends it (decoder-process.mjs exits on disconnect); one that will not is killed.
  if (decoder.child.connected) decoder.child.disconnect();
  else if (decoder.child.exitCode === null) decoder.child.kill("SIGKILL");
}

function release(decoder: Decoder): void {
  hold(decoder, false);
  decoder.idle = setTimeout(() => stop(decoder), IDLE_MS);
  decoder.idle.unref();
  idleDecoders().push(decoder);
}

/** Starts a decoder to wait idle, unless enough already do (as many as decode at once). */
async function spare(settings: DecoderSettings): Promise<void> {
  if (idleDecoders().length >= IMAGE_LINES.decoding.slots) return;
  try {
    const decoder = await start(settings);
    await decoder.ready;
    release(decoder);
  } catch (error) {
    log.warn("an image decoder could not be started ahead", { error });
  }
}

let nextId = 0;

/**
 * Sends one image to the decoder and waits for its answer or its end. At the deadline it is
 * killed, and the answer waits for it to be gone: no decode outlives its deadline by more than that.
 */
function ask(
  decoder: Decoder,
  bytes: Buffer,
  widths: readonly number[],
  deadlineMs: number,
): Promise<{ outcome: DecodeOutcome; rssBytes?: number }> {
  const { child } = decoder;
  const id = ++nextId;
  return new Promise((resolve) => {
    let expired = false;
    const finish = (result: { outcome: DecodeOutcome; rssBytes?: number }) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(result);
    };
    const onMessage = (message: DecoderMessage) => {
      if (expired || !("id" in message) || message.id !== id) return;
      const reply: DecodeReply = message;
      if ("refused" in reply) finish({ outcome: { failure: "refused", detail: reply.refused }, rssBytes: reply.rssBytes });
      else {
        const variants = reply.variants.map((each) => ({
          ...each,
          bytes: Buffer.from(each.bytes.buffer, each.bytes.byteOffset, each.bytes.byteLength),
        }));
        finish({ outcome: { variants }, rssBytes: reply.rssBytes });
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish({
        outcome: expired
          ? { failure: "deadline", detail: `not decoded within ${deadlineMs} ms` }
          : code === MEMORY_EXIT_CODE
            ? { failure: "memory", detail: "the decoder passed its memory cap" }
            : { failure: "crashed", detail: `the decoder exited (${code ?? signal}) ${decoder.stderr}`.trim() },
      });
    const timer = setTimeout(() => {
      expired = true;
      child.kill("SIGKILL");
    }, deadlineMs);
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send({ id, bytes, widths: [...widths] }, (error) => {
      if (error) finish({ outcome: { failure: "crashed", detail: `the decoder could not be reached (${error.message})` } });
    });
  });
}

export type DecodeOptions = {
  /** How long the decode may take once the decoder has the image (HOSTED_IMAGE_LIMITS.decodeSeconds). */
  deadlineMs?: number;
  /** The decoder's memory cap (HOSTED_IMAGE_LIMITS.decoderRssBytes); another cap gets a decoder of its own. */
  maxRssBytes?: number;
};

/**
 * Decodes `bytes` once in a decoder process and makes a WebP of each width. Throws only when no
 * decoder can be started (an installation fault); everything an image can cause is an outcome.
 */
export async function decodeVariants(bytes: Buffer, widths: readonly number[], options: DecodeOptions = {}): Promise<DecodeOutcome> {
  const { decodeSeconds, decoderRssBytes, pixels } = HOSTED_IMAGE_LIMITS;
  const maxRssBytes = options.maxRssBytes ?? decoderRssBytes;
  const shared = maxRssBytes === decoderRssBytes;
  const decoder =
    (shared ? idleDecoders().pop() : undefined) ?? (await start({ maxPixels: pixels, maxRssBytes, memoryExitCode: MEMORY_EXIT_CODE }));
  clearTimeout(decoder.idle);
  hold(decoder, true);
  try {
    await decoder.ready;
  } catch (error) {
    stop(decoder);
    throw error;
  }
  const { outcome, rssBytes } = await ask(decoder, bytes, widths, options.deadlineMs ?? decodeSeconds * 1000);
  if (outcome && "failure" in outcome && outcome.failure === "crashed") log.warn("an image decoder died", { detail: outcome.detail });
  if (shared && rssBytes !== undefined && decoder.child.connected) {
    if (rssBytes < KEEP_BELOW_RSS) release(decoder);
    else {
      // Left large by an image: ended, and a fresh one made ready for whoever comes next, so that
      // a heavy image does not make the next, ordinary one wait for a decoder to start.
      stop(decoder);
      void spare({ maxPixels: pixels, maxRssBytes, memoryExitCode: MEMORY_EXIT_CODE });
    }
  } else stop(decoder);
  return outcome;
}
