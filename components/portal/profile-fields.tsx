import { TextAreaField, TextField } from "@/components/ui/field";
import { PROFILE_LIMITS } from "@/lib/developers/schemas";

type Values = { name: string; email: string; companyName?: string | null; websiteUrl?: string | null; bio?: string | null };

/** The developer profile's fields, for registering and for editing; the email is the Yapture account's, shown, not asked. */
export function ProfileFields({ values, errorFor }: { values: Values; errorFor: (path: string) => string | undefined }) {
  return (
    <>
      <TextField label="Name" name="name" defaultValue={values.name} required maxLength={PROFILE_LIMITS.name} error={errorFor("name")} />
      <p className="text-sm text-slate-600">
        Email: <span className="font-medium text-slate-900">{values.email}</span> — your Yapture account&apos;s verified address; it follows
        your account.
      </p>
      <TextField
        label="Company"
        name="companyName"
        defaultValue={values.companyName ?? ""}
        maxLength={PROFILE_LIMITS.companyName}
        error={errorFor("companyName")}
      />
      <TextField
        label="Website"
        name="websiteUrl"
        type="url"
        defaultValue={values.websiteUrl ?? ""}
        placeholder="https://"
        error={errorFor("websiteUrl")}
      />
      <TextAreaField
        label="About you"
        name="bio"
        rows={4}
        defaultValue={values.bio ?? ""}
        maxLength={PROFILE_LIMITS.bio}
        hint={`Shown on your public developer page. Up to ${PROFILE_LIMITS.bio} characters.`}
        error={errorFor("bio")}
      />
    </>
  );
}
