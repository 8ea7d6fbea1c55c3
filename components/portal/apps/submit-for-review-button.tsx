"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

import { errorMessage, problemOf } from "@/components/portal/problem";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api";

/** `logoUrl` → "Logo", `screenshots[1].url` → "Screenshot 2": the image each asset error is about. */
function imageLabel(path: string): string {
  if (path === "logoUrl") return "Logo";
  if (path === "bannerUrl") return "Banner";
  const screenshot = /^screenshots\[(\d+)\]/.exec(path);
  return screenshot ? `Screenshot ${Number(screenshot[1]) + 1}` : path;
}

/** DRAFT/REJECTED → PENDING. The server fetches and checks every image first. */
export function SubmitForReviewButton({ appId }: { appId: string }) {
  const router = useRouter();
  const submit = useMutation({
    mutationFn: () => apiFetch(`/api/dev/apps/${appId}/submit`, { method: "POST" }),
    onSuccess: () => router.refresh(),
  });
  const problem = problemOf(submit.error);
  return (
    <div className="space-y-2">
      <Button onClick={() => submit.mutate()} disabled={submit.isPending}>
        {submit.isPending ? "Checking images…" : "Submit for review"}
      </Button>
      {submit.error ? (
        <div role="alert" className="space-y-1 text-sm text-red-700">
          <p>{problem?.code === "asset_invalid" ? "Some images do not meet the requirements:" : errorMessage(submit.error)}</p>
          {problem?.errors.length ? (
            <ul className="list-disc pl-5" aria-label="Image problems">
              {problem.errors.map((error) => (
                <li key={error.path}>
                  <span className="font-medium">{imageLabel(error.path)}</span> ({error.path}): {error.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
