import type { ReactNode } from "react";

import { SidebarLayout } from "@/components/ui/sidebar-layout";
import { currentUser } from "@/lib/auth/portal-session";

const NAV = [
  ["/developer", "Overview"],
  ["/developer/apps", "Apps"],
  ["/developer/keys", "API keys"],
] as const;

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // Signed out: each page sends the visitor to sign in and back to that very page.
  if (!user) return children;
  return (
    <SidebarLayout label="Developer portal" nav={NAV} who={<span data-testid="signed-in-as">Signed in as {user.email}</span>}>
      {children}
    </SidebarLayout>
  );
}
