import { Markdown } from "@/components/ui/markdown";
import { PageHeading } from "@/components/ui/page-heading";
import { env } from "@/lib/core/env";
import { openApiDocument } from "@/lib/openapi/document";
import { gettingStarted } from "@/lib/openapi/getting-started";
import { SERVICE } from "@/lib/openapi/operations";

export const metadata = { title: "API documentation" };

type OperationDoc = {
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  tags: string[];
};
type Doc = {
  info: { description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, unknown> };
};

const METHOD_COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-blue-100 text-blue-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

function authLabel(security: OperationDoc["security"]): string {
  if (security.length === 0) return "No authentication";
  return security
    .map((requirement) =>
      Object.entries(requirement)
        .map(([name, scopes]) => (scopes.length ? `${name} (${scopes.join(", ")})` : name))
        .join(" + "),
    )
    .join(" or ");
}

function Schema({ schema }: { schema: unknown }) {
  // Focusable: a region that scrolls must be scrollable from the keyboard too.
  return (
    <pre tabIndex={0} className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
      {JSON.stringify(schema, null, 2)}
    </pre>
  );
}

// Server-rendered from the same OpenAPI document served at /api/openapi.json.
export default async function ApiDocsPage() {
  const baseUrl = env().APP_URL;
  const doc = openApiDocument(baseUrl) as Doc;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
      <nav className="space-y-2 text-sm lg:sticky lg:top-6 lg:self-start" aria-label="API sections">
        <a href="#getting-started" className="block font-medium">
          Getting started
        </a>
        {doc.tags.map((tag) => (
          <a key={tag.name} href={`#${tag.name.replace(/\s+/g, "-").toLowerCase()}`} className="block text-slate-600 hover:text-slate-900">
            {tag.name}
          </a>
        ))}
        <a href={SERVICE.openapi.path} className="block pt-2 text-brand-700 underline">
          openapi.json
        </a>
      </nav>
      <div className="min-w-0 space-y-12">
        <header className="space-y-4">
          <PageHeading className="text-3xl font-bold">Yapture Marketplace API</PageHeading>
          <Markdown source={doc.info.description} />
        </header>
        <section id="getting-started" className="space-y-6">
          <h2 className="text-2xl font-semibold">Getting started</h2>
          {gettingStarted(baseUrl).map((step) => (
            <div key={step.title} className="space-y-2">
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm text-slate-700">{step.text}</p>
              {step.code ? (
                <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
                  {step.code}
                </pre>
              ) : null}
            </div>
          ))}
        </section>
        {doc.tags.map((tag) => (
          <section key={tag.name} id={tag.name.replace(/\s+/g, "-").toLowerCase()} className="space-y-4">
            <h2 className="text-2xl font-semibold">{tag.name}</h2>
            {operations
              .filter(({ operation }) => operation.tags.includes(tag.name))
              .map(({ path, method, operation }) => (
                <details key={`${method} ${path}`} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="operation">
                  {/* Flex and break-all: a long path and its summary wrap on a phone instead of widening the page. */}
                  <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_COLORS[method] ?? ""}`}>
                      {method}
                    </span>
                    <code className="min-w-0 text-sm break-all">{path}</code>
                    <span className="min-w-0 text-sm text-slate-600">{operation.summary}</span>
                  </summary>
                  <div className="mt-4 space-y-4 text-sm">
                    {operation.description ? <Markdown source={operation.description} /> : null}
                    <p>
                      <span className="font-medium">Authentication:</span> {authLabel(operation.security)}
                    </p>
                    {operation.parameters.length > 0 ? (
                      // Wide schemas scroll inside their own box on a phone, not the page.
                      <div className="overflow-x-auto">
                        <table className="w-full text-left text-xs">
                          <thead className="text-slate-600">
                            <tr>
                              <th className="py-1">Parameter</th>
                              <th>In</th>
                              <th>Schema</th>
                              <th>Description</th>
                            </tr>
                          </thead>
                          <tbody>
                            {operation.parameters.map((parameter) => (
                              <tr key={parameter.name} className="border-t border-slate-100 align-top">
                                <td className="py-1 font-mono">
                                  {parameter.name}
                                  {parameter.required ? " *" : ""}
                                </td>
                                <td>{parameter.in}</td>
                                <td className="font-mono break-all">{JSON.stringify(parameter.schema)}</td>
                                <td>{parameter.description ?? ""}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : null}
                    {operation.requestBody ? (
                      <div>
                        <p className="font-medium">Request body{operation.requestBody.required ? "" : " (optional)"}</p>
                        <Schema schema={operation.requestBody.content["application/json"]?.schema} />
                      </div>
                    ) : null}
                    <div>
                      <p className="font-medium">Responses</p>
                      <ul className="space-y-1">
                        {Object.entries(operation.responses).map(([status, response]) => (
                          <li key={status}>
                            <span className="font-mono font-semibold">{status}</span> {response.description}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </details>
              ))}
          </section>
        ))}
        <section className="space-y-4">
          <h2 className="text-2xl font-semibold">Schemas</h2>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <details key={name} className="rounded-xl border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-mono text-sm">{name}</summary>
              <div className="mt-3">
                <Schema schema={schema} />
              </div>
            </details>
          ))}
        </section>
      </div>
    </div>
  );
}
