import { AppForm } from "@/components/portal/apps/app-form";
import { isVerified, NotVerifiedNotice, portalPublisher, RoleNotice } from "@/components/portal/verified-gate";
import { PageTitle } from "@/components/ui/page-title";
import { canRole } from "@/lib/members/roles";

export const metadata = { title: "New listing" };

export default async function NewListingPage() {
  const publisher = await portalPublisher("/developer/apps/new");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="App listings" />;
  if (!canRole(publisher.member.role, "editListings")) return <RoleNotice role={publisher.member.role} feature="Creating listings" />;
  return (
    <section className="max-w-3xl space-y-6">
      <PageTitle back={{ href: "/developer/apps", label: "Your apps" }} title="New listing">
        <p className="mt-1 text-sm text-slate-600">The listing starts as a draft. Check the preview, then submit it for review.</p>
      </PageTitle>
      <AppForm />
    </section>
  );
}
