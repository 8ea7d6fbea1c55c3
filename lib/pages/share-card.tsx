import { createHash } from "node:crypto";

import anyAscii from "any-ascii";
import { ImageResponse } from "next/og";
import sharp from "sharp";

import { readHostedFile } from "@/lib/assets/hosted/store";
import { MiB } from "@/lib/core/bounded-cache";
import { env } from "@/lib/core/env";
import { boundedCache } from "@/lib/core/process-cache";
import { fairLine } from "@/lib/assets/hosted/fair-line";

// The picture a pasted link to an app shows in a chat or a post (og:image, twitter:image): the
// listing's banner, its name, its maker and its rating, 1200×630, served from this origin at
// /assets/share/<slug>.jpg (app/assets/share/[file]/route.ts). Made with next/og (satori, then
// sharp) from what the marketplace holds, never from an outside URL:
//
// - Text. satori asks Google Fonts (and a CDN, for emoji) for any character its font lacks, and
//   keeps what it got in a map without bound. So every text is first spelled in printable ASCII
//   (any-ascii transliterates: "Zürich" → "Zurich", "東京" → "DongJing"), which the bundled Geist
//   font covers whole, and cut to a length: nothing is ever fetched, and no text can grow the card.
//   Text is a string child, never markup.
// - Banner. The banner's hosted 1200-wide WebP variant, read from our own storage, is the only
//   image: one the marketplace encoded itself from pixels its decoder checked. satori's rasteriser
//   does not read WebP, so it is turned into a JPEG here, with sharp bounded to its 1200×600 pixels.
//   A listing approved before images were hosted has no banner on its card.
// - Cost. A card takes ~200 ms of CPU: made one at a time per process (a fair line: one client's
//   requests never keep another's waiting, and the waiting is bounded), remembered by its
//   content's hash (1 MiB), and sent with a long shared cache; the page names the card with that
//   hash (`?v=`), so a changed listing is a new address for the services that cache link previews.

const WIDTH = 1200;
const HEIGHT = 630;
const BANNER_HEIGHT = 380;
/** Bumped when the layout changes: every card gets a new version. */
const LAYOUT = 1;
const JPEG_QUALITY = 82;

/** What a card shows: the public app's fields it reads. */
export type ShareCardApp = {
  name: string;
  bannerUrl: string | null;
  averageRating: number | null;
  reviewCount: number;
  developer: { name: string; companyName: string | null };
};

type CardText = { name: string; maker: string; rating: string | null; bannerHash: string | null };

const HOSTED_NAME = /^([0-9a-f]{64})\.(?:png|jpg)$/;

/** The hash of the banner's hosted copy on this origin; null for a developer's own URL (a listing approved before hosting). */
function hostedBannerHash(url: string | null): string | null {
  const prefix = `${env().APP_URL.replace(/\/$/, "")}/assets/`;
  if (!url?.startsWith(prefix)) return null;
  return HOSTED_NAME.exec(url.slice(prefix.length))?.[1] ?? null;
}

/** Printable ASCII only, spaces folded, at most `max` characters (an ellipsis marks a cut). */
export function cardText(text: string, max: number): string {
  const ascii = anyAscii(text)
    .replace(/[^\x20-\x7e]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return ascii.length <= max ? ascii : `${ascii.slice(0, max - 3).trimEnd()}...`;
}

function textOf(app: ShareCardApp): CardText {
  const rating =
    app.averageRating === null
      ? null
      : `${app.averageRating.toFixed(1)} / 5 (${app.reviewCount} ${app.reviewCount === 1 ? "review" : "reviews"})`;
  return {
    name: cardText(app.name, 60) || "An app",
    maker: cardText(app.developer.companyName ?? app.developer.name, 60),
    rating,
    bannerHash: hostedBannerHash(app.bannerUrl),
  };
}

/** The card's version: the hash of what it shows. The page puts it in og:image's address, the route in its ETag. */
export function shareCardVersion(app: ShareCardApp): string {
  return createHash("sha256")
    .update(JSON.stringify([LAYOUT, textOf(app)]))
    .digest("base64url")
    .slice(0, 16);
}

/** The banner as a JPEG data URL, from its hosted 1200-wide variant; null without one. */
async function bannerDataUrl(hash: string | null): Promise<string | null> {
  if (hash === null) return null;
  const file = await readHostedFile(hash, "w1200");
  if (!file || file.contentType !== "image/webp") return null;
  const jpeg = await sharp(file.bytes, { limitInputPixels: 1200 * 600, failOn: "error" })
    .resize(WIDTH, BANNER_HEIGHT, { fit: "cover" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

function Star() {
  return (
    <svg width="34" height="34" viewBox="0 0 24 24">
      <path fill="#f59e0b" d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z" />
    </svg>
  );
}

function Card({ text, banner }: { text: CardText; banner: string | null }) {
  return (
    <div style={{ display: "flex", flexDirection: "column", width: "100%", height: "100%", background: "#ffffff", color: "#0f172a" }}>
      {banner ? (
        // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>; a data URL, never fetched
        <img src={banner} width={WIDTH} height={BANNER_HEIGHT} alt="" style={{ objectFit: "cover" }} />
      ) : (
        <div
          style={{ display: "flex", width: WIDTH, height: BANNER_HEIGHT, backgroundImage: "linear-gradient(135deg, #3b55e6, #2f43c4)" }}
        />
      )}
      <div style={{ display: "flex", flexDirection: "column", padding: "28px 48px", gap: 10 }}>
        <div style={{ display: "flex", fontSize: 60, lineHeight: 1.1 }}>{text.name}</div>
        <div style={{ display: "flex", alignItems: "center", fontSize: 30, color: "#475569", gap: 12 }}>
          <span>{text.maker ? `by ${text.maker}` : "Yapture Marketplace"}</span>
          {text.rating ? (
            <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
              <Star />
              <span>{text.rating}</span>
            </div>
          ) : null}
        </div>
        <div style={{ display: "flex", fontSize: 24, color: "#2f43c4" }}>Yapture Marketplace</div>
      </div>
    </div>
  );
}

const cards = () => boundedCache<string, Buffer>({ name: "share-cards", maxBytes: 1 * MiB, sizeOf: (bytes) => bytes.length + 64 });
const making = new Map<string, Promise<Buffer>>();
const LINE = Symbol.for("marketplace.share-card-line");
const line = () =>
  ((globalThis as { [LINE]?: ReturnType<typeof fairLine> })[LINE] ??= fairLine({
    what: "link previews being drawn",
    slots: 1,
    perOwner: 1,
    waitingPerOwner: 4,
    waiting: 50,
    patienceMs: 10_000,
    retryAfterSeconds: 5,
  }));

async function draw(text: CardText): Promise<Buffer> {
  const response = new ImageResponse(<Card text={text} banner={await bannerDataUrl(text.bannerHash)} />, { width: WIDTH, height: HEIGHT });
  const png = Buffer.from(await response.arrayBuffer());
  return sharp(png).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
}

/**
 * The card of `app` as JPEG bytes, and its version: remembered, or drawn now in `client`'s turn
 * (`beforeDrawing` first: the route charges the client's rate limit for it).
 */
export async function shareCard(
  app: ShareCardApp,
  client: string,
  beforeDrawing: () => Promise<unknown> = async () => undefined,
): Promise<{ bytes: Buffer; version: string }> {
  const version = shareCardVersion(app);
  const known = cards().get(version);
  if (known) return { bytes: known, version };
  await beforeDrawing();
  let drawing = making.get(version);
  if (!drawing) {
    drawing = line()
      .run(client, () => draw(textOf(app)))
      .finally(() => making.delete(version));
    making.set(version, drawing);
  }
  const bytes = await drawing;
  cards().set(version, bytes);
  return { bytes, version };
}
