import { PageHeading } from "@/components/ui/page-heading";
import { SignInButton } from "@/components/ui/sign-in-buttons";

export const metadata = { title: "Sign in" };

/** Keep redirects on this site: only relative paths are honoured; without one, back to the home page. */
function safeCallback(value: string | string[] | undefined): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <PageHeading>Sign in</PageHeading>
      <p className="mt-2 text-sm text-slate-600">
        Sign in with your Yapture account to review and install apps, publish your own, or administer the marketplace.
      </p>
      {params.error ? <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">Sign-in failed. Please try again.</p> : null}
      <div className="mt-6">
        <SignInButton callbackUrl={safeCallback(params.callbackUrl)} />
      </div>
    </div>
  );
}
