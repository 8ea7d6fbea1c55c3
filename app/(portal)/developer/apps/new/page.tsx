import { AppForm } from "@/components/portal/apps/app-form";
import { isVerified, NotVerifiedNotice, portalDeveloper } from "@/components/portal/verified-gate";
import { PageTitle } from "@/components/ui/page-title";

export const metadata = { title: "New listing" };

export default async function NewListingPage() {
  const developer = await portalDeveloper("/developer/apps/new");
  if (!isVerified(developer)) return <NotVerifiedNotice developer={developer} feature="App listings" />;
  return (
    <section className="max-w-3xl space-y-6">
      <PageTitle back={{ href: "/developer/apps", label: "Your apps" }} title="New listing">
        <p className="mt-1 text-sm text-slate-600">The listing starts as a draft. Check the preview, then submit it for review.</p>
      </PageTitle>
      <AppForm />
    </section>
  );
}
