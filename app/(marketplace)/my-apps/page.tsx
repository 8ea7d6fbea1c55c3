import Link from "next/link";

import { RemoveInstall } from "@/components/marketplace/remove-install";
import { PageHeading } from "@/components/ui/page-heading";
import { QueryProviders } from "@/components/ui/query-providers";
import { requireUser } from "@/lib/auth/portal-session";
import { endpointOf } from "@/lib/client/operation-call";
import { INSTALLS } from "@/lib/installs/operations";
import { installsOf } from "@/lib/installs/service";

export const metadata = { title: "My apps" };

/** The apps installed in each of the signed-in person's Yapture workspaces, each with Remove (and Undo). */
export default async function MyAppsPage() {
  const user = await requireUser("/my-apps");
  const installed = await installsOf(user.workspaces);
  const endpoints = { install: endpointOf(INSTALLS.install), uninstall: endpointOf(INSTALLS.uninstall) };
  return (
    <QueryProviders>
      <section className="max-w-3xl space-y-6">
        <div>
          <PageHeading>My apps</PageHeading>
          <p className="mt-1 text-sm text-slate-600">
            The apps installed in your Yapture workspaces. You can remove any of them at any time.
          </p>
        </div>
        {user.workspaces.length === 0 ? <p className="text-sm text-slate-600">Your Yapture account has no workspace.</p> : null}
        {user.workspaces.map((workspace) => {
          const apps = installed.filter((install) => install.workspaceId === workspace.id);
          return (
            <section key={workspace.id} aria-labelledby={`workspace-${workspace.id}`} className="space-y-3">
              <h2 id={`workspace-${workspace.id}`} className="text-lg font-semibold">
                {workspace.name}
              </h2>
              {apps.length === 0 ? (
                <p className="text-sm text-slate-600">
                  No apps yet.{" "}
                  <Link href="/apps" className="text-brand-700 underline">
                    Browse apps
                  </Link>
                </p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="my-apps">
                  {apps.map(({ app }) => (
                    <li key={app.slug} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                      {app.public ? (
                        <Link href={`/apps/${app.slug}`} className="font-medium text-slate-900 hover:underline">
                          {app.name}
                        </Link>
                      ) : (
                        <span className="font-medium text-slate-900">
                          <bdi>{app.name}</bdi> (no longer listed)
                        </span>
                      )}
                      <RemoveInstall endpoints={endpoints} slug={app.slug} appName={app.name} workspace={workspace} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </section>
    </QueryProviders>
  );
}
