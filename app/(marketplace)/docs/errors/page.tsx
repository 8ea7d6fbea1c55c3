import { PageHeading } from "@/components/ui/page-heading";
import { ERROR_HELP } from "@/lib/http/error-help";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/errors";

export const metadata = { title: "API errors" };

// Every problem+json answer's `type` is /docs/errors#<code>: this page explains each code.
export default function ErrorsPage() {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  return (
    <div className="max-w-4xl space-y-6">
      <div className="space-y-2">
        <PageHeading className="text-3xl font-bold">API errors</PageHeading>
        <p className="text-slate-700">
          Every error of the API is an <code>application/problem+json</code> document with a stable <code>code</code>, the HTTP{" "}
          <code>status</code>, a human <code>detail</code>, a <code>requestId</code> and, for invalid input, an <code>errors</code> list
          naming each field.
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {codes.map((code) => (
          <div key={code} id={code} className="scroll-mt-4 space-y-1 p-4 target:bg-brand-50">
            <dt className="flex flex-wrap items-baseline gap-x-3">
              <code className="font-semibold text-slate-900">{code}</code>
              <span className="text-sm text-slate-600">
                {ERROR_CODES[code].status} {ERROR_CODES[code].title}
              </span>
            </dt>
            <dd className="text-sm text-slate-700">{ERROR_HELP[code]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
