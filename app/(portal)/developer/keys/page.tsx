import { ApiKeyList, RevokedApiKeyList } from "@/components/portal/api-keys/api-key-list";
import { CreateApiKeyForm } from "@/components/portal/api-keys/create-api-key-form";
import { RotatedKeys } from "@/components/portal/api-keys/rotate-key-button";
import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { PageHeading } from "@/components/ui/page-heading";
import { listApiKeys, listRecentlyRevokedApiKeys, REVOKED_KEYS_SHOWN } from "@/lib/api-keys/service";
import { apiKeyView, revokedApiKeyView } from "@/lib/api-keys/views";
import { listAppNames } from "@/lib/apps/service";
import { canRole, GRANTABLE_SCOPES } from "@/lib/members/roles";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const publisher = await portalPublisher("/developer/keys");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="API keys" />;
  const { member } = publisher;
  const now = new Date();
  const [active, revoked, apps] = await Promise.all([
    listApiKeys(publisher),
    listRecentlyRevokedApiKeys(publisher, now),
    listAppNames(publisher.access),
  ]);
  // Owners and admins see every key of the account; other members the keys they made (as the API).
  const everyKey = canRole(member.role, "manageMembers");
  const keys = active.map((key) => ({ ...apiKeyView(key, now), rotated: key.rotatedToKeyId !== null }));
  return (
    <section className="space-y-8">
      <div>
        <PageHeading>API keys</PageHeading>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Keys let scripts call the developer API for this account. Give each key only the scopes and apps it needs, rotate keys before they
          expire, and revoke keys you no longer use.
          {everyKey ? " Keys made by members who have left the team keep working: review them." : " You see the keys you made."}
        </p>
      </div>
      <RotatedKeys>
        <ApiKeyList
          keys={keys}
          apps={new Map(apps.map(({ id, name }) => [id, name]))}
          caption={everyKey ? "The account's API keys" : "Your API keys"}
          anyRevoked={revoked.length > 0}
        />
      </RotatedKeys>
      <div className="max-w-xl">
        <CreateApiKeyForm scopes={GRANTABLE_SCOPES[member.role]} apps={apps} memberAppIds={member.appIds} />
      </div>
      <RevokedApiKeyList keys={revoked.map(revokedApiKeyView)} days={REVOKED_KEYS_SHOWN.days} />
    </section>
  );
}
