import type { ReactNode } from "react";

import { PublisherSwitcher } from "@/components/portal/publisher-switcher";
import { portalPublisher, publisherChoice } from "@/components/portal/verified-gate";
import { SidebarLayout } from "@/components/ui/sidebar-layout";
import { SiteHeader } from "@/components/ui/site-header";
import { currentUser } from "@/lib/auth/portal-session";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { publishersOf } from "@/lib/members/membership";
import { canRole } from "@/lib/members/roles";

const SECTIONS = [
  ["/developer", "Overview"],
  ["/developer/apps", "Apps"],
  ["/developer/keys", "API keys"],
  ["/developer/webhooks", "Webhooks"],
] as const;
/** Pages of an account's team: everyone sees its members, its owners its audit log. */
const TEAM = ["/developer/team", "Team"] as const;
const AUDIT = ["/developer/audit", "Audit log"] as const;

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // Signed out: each page sends the visitor to sign in and back to that very page; an invitation's
  // page says what it offers first, in the site's plain frame.
  if (!user) {
    return (
      <>
        <SiteHeader />
        <main id="main-content" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
          {children}
        </main>
      </>
    );
  }
  const [accounts, current, chosen] = await Promise.all([
    publishersOf(user.yaptureUserId),
    portalPublisher("/developer"),
    publisherChoice(),
  ]);
  const nav = [...SECTIONS, ...(current ? [TEAM] : []), ...(current && canRole(current.member.role, "own") ? [AUDIT] : [])];
  return (
    <SidebarLayout
      person={user}
      label="Developer portal"
      nav={nav}
      who={<span data-testid="signed-in-as">Signed in as {user.email}</span>}
      context={
        <PublisherSwitcher
          accounts={accounts.map(({ developer, member }) => ({
            id: developer.id,
            name: developer.name,
            role: MEMBER_ROLE_LABELS[member.role],
          }))}
          currentId={current?.developer.id}
          sections={nav.map(([href]) => href)}
          staleChoice={chosen !== undefined && chosen !== current?.developer.id}
        />
      }
    >
      {children}
    </SidebarLayout>
  );
}
