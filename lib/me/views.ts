import { isAdministrator, type YaptureIdentity } from "@/lib/callers/identity";
import { publicReviewView } from "@/lib/reviews/views";

import type { AccountResource, ReaderOfAppResource } from "./schemas";
import type { ReaderOfApp } from "./service";

export const accountView = (person: YaptureIdentity): AccountResource => ({
  name: person.name,
  email: person.email,
  isAdmin: isAdministrator(person),
});

export const readerOfAppView = ({ workspaces, installedIn, ownReview, isPublisherMember }: ReaderOfApp): ReaderOfAppResource => ({
  workspaces: workspaces.map(({ id, name }) => ({ id, name })),
  installedIn: installedIn.map(({ id, name }) => ({ id, name })),
  ownReview: ownReview ? publicReviewView(ownReview) : null,
  isPublisherMember,
});
