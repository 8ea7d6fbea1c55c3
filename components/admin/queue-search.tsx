import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { GetForm } from "@/components/ui/get-form";
import { ADMIN_SEARCH_LIMITS } from "@/lib/validation/shared";

/** The search of an administrators' list: names, slugs and developer emails (the API's `q`); `keep` holds the list's other filters. */
export function QueueSearch({
  action,
  value,
  keep = {},
}: {
  action: string;
  value: string | undefined;
  keep?: Record<string, string | undefined>;
}) {
  return (
    <GetForm action={action} role="search" className="flex max-w-xl items-end gap-2">
      {Object.entries(keep).map(([name, kept]) =>
        kept === undefined ? null : <input key={name} type="hidden" name={name} value={kept} />,
      )}
      <div className="flex-1">
        <TextField
          label="Search by name, slug or developer email"
          name="q"
          type="search"
          defaultValue={value}
          maxLength={ADMIN_SEARCH_LIMITS.max}
        />
      </div>
      <Button type="submit" variant="secondary" worksWithoutScript>
        Search
      </Button>
    </GetForm>
  );
}
