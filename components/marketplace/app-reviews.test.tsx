import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { PublicReviewResource } from "@/lib/reviews/schemas";

import { AppReviews } from "./app-reviews";

const review = (id: string, title: string, extra: Partial<PublicReviewResource> = {}): PublicReviewResource => ({
  id,
  rating: 4,
  title,
  body: null,
  author: { name: `Author of ${title}` },
  verifiedInstall: false,
  reply: null,
  hidden: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

const page = (items: PublicReviewResource[]) => ({ items, total: items.length, totalPages: 1, page: 1, limit: 10 });

// Signed out, so no form (and no React Query) is rendered: what every reader sees of the list.
const render = (props: Partial<Parameters<typeof AppReviews>[0]> = {}) =>
  renderToStaticMarkup(
    <AppReviews
      slug="focus-timer"
      average={4}
      histogram={[0, 2, 0, 0, 0]}
      verified={{ count: 0, average: null }}
      verifiedOnly={false}
      publisher="Acme"
      reviews={page([review("a", "First"), review("b", "Second")])}
      sort="newest"
      reader={null}
      own={undefined}
      readerIsDeveloper={false}
      {...props}
    />,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("an app page's reviews", () => {
  it("pins the reader's own published review first, as others see it, marked as theirs, and lists it once", () => {
    const html = render({ own: review("b", "Second"), reviews: page([review("a", "First"), review("b", "Second")]) });
    const shown = text(html);
    expect(shown.indexOf("Your review")).toBeGreaterThan(-1);
    expect(shown.indexOf("Second")).toBeLessThan(shown.indexOf("First"));
    expect(count(html, 'data-testid="review"')).toBe(2);
    expect(count(html, 'data-testid="your-review-mark"')).toBe(1);
  });

  it("does not pin a hidden review: it says it is hidden instead", () => {
    const html = render({ own: review("c", "Mine", { hidden: { reason: "Off topic" } }) });
    expect(html).not.toContain("your-review-mark");
    expect(text(html)).toContain("An administrator hid your review, so only you can see it: Off topic");
  });

  it("says once that an app has no reviews", () => {
    const html = render({ histogram: [0, 0, 0, 0, 0], average: null, reviews: page([]) });
    expect(count(text(html).toLowerCase(), "no reviews")).toBe(1);
    expect(html).not.toContain("Sort reviews");
  });

  it("says once that no review is from a verified install, when only those are listed", () => {
    const html = render({ verifiedOnly: true, reviews: page([]) });
    expect(count(text(html).toLowerCase(), "no reviews")).toBe(1);
  });

  it("sorts without script through its own button", () => {
    expect(render()).toMatch(/<button type="submit"[^>]*>Sort<\/button>/);
  });
});
