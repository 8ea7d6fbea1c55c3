import { ApiKeyList, RevokedApiKeyList } from "@/components/portal/api-keys/api-key-list";
import { CreateApiKeyForm } from "@/components/portal/api-keys/create-api-key-form";
import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { PageHeading } from "@/components/ui/page-heading";
import { listApiKeys, listRecentlyRevokedApiKeys, REVOKED_KEYS_SHOWN } from "@/lib/api-keys/service";
import { apiKeyView, revokedApiKeyView } from "@/lib/api-keys/views";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const publisher = await portalPublisher("/developer/keys");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="API keys" />;
  const now = new Date();
  const [active, revoked] = await Promise.all([listApiKeys(publisher), listRecentlyRevokedApiKeys(publisher, now)]);
  const keys = active.map((key) => apiKeyView(key, now));
  return (
    <section className="space-y-8">
      <div>
        <PageHeading>API keys</PageHeading>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Keys let scripts call the developer API as you. Give each key only the scopes it needs, and revoke keys you no longer use.
        </p>
      </div>
      <ApiKeyList keys={keys} />
      <div className="max-w-xl">
        <CreateApiKeyForm />
      </div>
      <RevokedApiKeyList keys={revoked.map(revokedApiKeyView)} days={REVOKED_KEYS_SHOWN.days} />
    </section>
  );
}
