import type { YaptureIdentity } from "@/lib/callers/identity";
import { asRows, getReachableApp } from "@/lib/catalogue/queries";
import { visitorOf } from "@/lib/catalogue/reach";
import { installedWorkspaces } from "@/lib/installs/service";
import { isMemberOf } from "@/lib/members/membership";
import { findOwnReview } from "@/lib/reviews/service";

/**
 * A person's part of an app's page: the app as they reach it (404 when they do not), which of their
 * workspaces have it, their own review (public listings only: the others show no reviews), and
 * whether they are one of its publisher's members.
 */
export async function readerOfApp({ slug, person }: { slug: string; person: YaptureIdentity }) {
  const visitor = visitorOf(person);
  const { item: row, visibility } = await getReachableApp({ slug, visitor: () => visitor }, asRows);
  const [installedIn, ownReview, isPublisherMember] = await Promise.all([
    installedWorkspaces({ slug, workspaces: person.workspaces, visitor }),
    visibility === "PUBLIC" ? findOwnReview({ slug, reviewerId: person.sub }) : undefined,
    isMemberOf(person.sub, row.developer.id),
  ]);
  return { workspaces: person.workspaces, installedIn, ownReview, isPublisherMember };
}

export type ReaderOfApp = Awaited<ReturnType<typeof readerOfApp>>;
