import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import type { PublicReviewResource } from "@/lib/reviews/schemas";

import { ReaderContext, type AppReader } from "./app-reader";
import { AppReviews } from "./app-reviews";

// The review form and Report act through useApiAction, which refreshes the page with Next's router.
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

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

const signedIn = (extra: Partial<Extract<AppReader, { state: "signed-in" }>> = {}): AppReader => ({
  state: "signed-in",
  workspaces: [],
  installedIn: [],
  ownReview: null,
  isPublisherMember: false,
  ...extra,
});

// The server renders for nobody in particular (what every reader gets first); the page's island
// then gives the signed-in reader's part, as `reader` does here.
const render = (props: Partial<Parameters<typeof AppReviews>[0]> = {}, reader: AppReader = { state: "anonymous" }) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ReaderContext value={reader}>
        <AppReviews
          slug="focus-timer"
          average={4}
          histogram={[0, 2, 0, 0, 0]}
          verified={{ count: 0, average: null }}
          verifiedOnly={false}
          publisher="Acme"
          reviews={page([review("a", "First"), review("b", "Second")])}
          sort="newest"
          {...props}
        />
      </ReaderContext>
    </QueryClientProvider>,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("an app page's reviews", () => {
  it("renders nothing of anyone's for nobody in particular: sign in to write one, no Report, nothing pinned", () => {
    const html = render();
    expect(text(html)).toContain("Sign in with Yapture to write a review");
    expect(html).not.toContain("Report");
    expect(html).not.toContain("your-review-mark");
    expect(count(html, 'data-testid="review"')).toBe(2);
  });

  it("pins the reader's own published review first, as others see it, marked as theirs, and lists it once", () => {
    const html = render({ reviews: page([review("a", "First"), review("b", "Second")]) }, signedIn({ ownReview: review("b", "Second") }));
    const shown = text(html);
    expect(shown.indexOf("Your review")).toBeGreaterThan(-1);
    expect(shown.indexOf("Second")).toBeLessThan(shown.indexOf("First"));
    expect(count(html, 'data-testid="review"')).toBe(2);
    expect(count(html, 'data-testid="your-review-mark"')).toBe(1);
    // Others' reviews can be reported, one's own cannot.
    expect(count(html, 'aria-label="Report this review"')).toBe(1);
  });

  it("does not pin a hidden review: it says it is hidden instead", () => {
    const html = render({}, signedIn({ ownReview: review("c", "Mine", { hidden: { reason: "Off topic" } }) }));
    expect(html).not.toContain("your-review-mark");
    expect(text(html)).toContain("An administrator hid your review, so only you can see it: Off topic");
  });

  it("tells the app's makers they cannot review it", () => {
    const html = render({}, signedIn({ isPublisherMember: true }));
    expect(text(html)).toContain("You made this app, so you cannot review it.");
    expect(html).not.toContain("Sign in with Yapture to write a review");
  });

  it("keeps the sign-in line's place while the reader's part is asked for", () => {
    const html = render({}, { state: "asking" });
    expect(html).not.toContain("Sign in with Yapture to write a review");
    expect(html).toMatch(/<div aria-hidden="true" class="h-\[54px\][^"]*"><\/div>/);
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
