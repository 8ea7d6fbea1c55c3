import type { ReactNode } from "react";

import { PageHeading } from "@/components/ui/page-heading";
import { SidebarLayout } from "@/components/ui/sidebar-layout";
import { SiteHeader } from "@/components/ui/site-header";
import { currentUser } from "@/lib/auth/portal-session";

const NAV = [
  ["/admin", "Dashboard"],
  ["/admin/developers", "Developers"],
  ["/admin/profile-changes", "Profile changes"],
  ["/admin/approvals", "Approval queue"],
  ["/admin/apps", "Published apps"],
  ["/admin/moderation", "Customer reviews"],
  ["/admin/emails", "Email log"],
  ["/admin/audit", "Audit log"],
] as const;

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // Signed out: each page sends the visitor to sign in and back to that very page (requireAdmin).
  if (!user) return children;
  if (!user.isAdmin) {
    // A plain page, without the administration's menu.
    return (
      <>
        <SiteHeader person={user} />
        <main id="main-content" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <PageHeading>Not an administrator</PageHeading>
          <p className="mt-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800" data-testid="not-admin">
            This area is for marketplace administrators. Your account ({user.email}) is not one.
          </p>
        </main>
      </>
    );
  }
  return (
    <SidebarLayout person={user} label="Administration" nav={NAV} who={`Administrator: ${user.email}`}>
      {children}
    </SidebarLayout>
  );
}
