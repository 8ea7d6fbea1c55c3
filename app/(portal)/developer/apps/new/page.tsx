import Link from "next/link";

import { AppForm } from "@/components/portal/app-form";
import { LISTING_RULES } from "@/components/portal/apps/listing-rules";
import { isVerified, NotVerifiedNotice, portalDeveloper } from "@/components/portal/verified-gate";

export const metadata = { title: "New listing" };

export default async function NewListingPage() {
  const developer = await portalDeveloper("/developer/apps/new");
  if (!isVerified(developer)) return <NotVerifiedNotice developer={developer} feature="App listings" />;
  return (
    <section className="max-w-3xl space-y-6">
      <div>
        <Link href="/developer/apps" className="text-sm text-brand-700 hover:underline">
          ← Your apps
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">New listing</h1>
        <p className="mt-1 text-sm text-slate-600">The listing starts as a draft. Check the preview, then submit it for review.</p>
      </div>
      <AppForm rules={LISTING_RULES} />
    </section>
  );
}
