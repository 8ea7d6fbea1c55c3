import http from "node:http";
import type { AddressInfo } from "node:net";

// A real local HTTP server that receives webhook deliveries: it records each request (headers,
// body, when it arrived) and answers as the test says: a status, or "hang" (never answers).

type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; receivedAt: number };
type ReceiverAnswer = number | "hang" | { status: number; body?: string; headers?: Record<string, string> };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (a function of the request's index); 200 by default. */
  answer: (index: number) => ReceiverAnswer;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = "/hooks/marketplace"): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answer: () => 200,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const index = receiver.received.length;
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
      const answer = receiver.answer(index);
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      const { status, body = "ok", headers = {} } = typeof answer === "number" ? { status: answer } : answer;
      res.writeHead(status, { "content-type": "text/plain", ...headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
