import dgram from "node:dgram";
import { isIP } from "node:net";

// A real local DNS server over UDP (RFC 1035 messages, A and AAAA only), for the name resolution of
// the asset checks. `answer` decides per query: addresses (an empty list is NOERROR without
// records), "nxdomain", "stall" (the query is never answered), or addresses sent after `delayMs`.

export type DnsAnswer = "stall" | "nxdomain" | { addresses: string[]; delayMs?: number };
export type DnsQuery = { name: string; type: "A" | "AAAA" | number };
export type DnsServer = {
  /** host:port, as `Resolver.setServers` takes it. */
  address: string;
  queries: DnsQuery[];
  close(): Promise<void>;
};

const TYPE_A = 1;
const TYPE_AAAA = 28;

export async function startDnsServer(answer: (query: DnsQuery) => DnsAnswer): Promise<DnsServer> {
  const queries: DnsQuery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (message, peer) => {
    const question = parseQuestion(message);
    if (!question) return;
    queries.push(question.query);
    const decision = answer(question.query);
    if (decision === "stall") return;
    const send = () => socket.send(reply(message, question.end, question.query, decision), peer.port, peer.address);
    const delayMs = decision === "nxdomain" ? 0 : (decision.delayMs ?? 0);
    if (delayMs === 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      return new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}

/** The first question of a query: its name, type, and where the question section ends. */
function parseQuestion(message: Buffer): { query: DnsQuery; end: number } | null {
  if (message.length < 12 || message.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < message.length && message[at] !== 0) {
    const length = message[at]!;
    labels.push(message.toString("latin1", at + 1, at + 1 + length));
    at += 1 + length;
  }
  if (at + 5 > message.length) return null;
  const code = message.readUInt16BE(at + 1);
  const type = code === TYPE_A ? "A" : code === TYPE_AAAA ? "AAAA" : code;
  return { query: { name: labels.join(".").toLowerCase(), type }, end: at + 5 };
}

function reply(message: Buffer, questionEnd: number, query: DnsQuery, decision: Exclude<DnsAnswer, "stall">): Buffer {
  const family = query.type === "A" ? 4 : query.type === "AAAA" ? 6 : 0;
  const records = decision === "nxdomain" ? [] : decision.addresses.filter((address) => isIP(address) === family).map(addressBytes);
  const header = Buffer.alloc(12);
  message.copy(header, 0, 0, 2); // the query's id
  header.writeUInt16BE(0x8180 | (decision === "nxdomain" ? 3 : 0), 2); // response, recursion desired and available
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((rdata) => {
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(family === 4 ? TYPE_A : TYPE_AAAA, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([record, rdata]);
  });
  return Buffer.concat([header, message.subarray(12, questionEnd), ...answers]);
}

function addressBytes(address: string): Buffer {
  if (isIP(address) === 4) return Buffer.from(address.split(".").map(Number));
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill("0"), ...groups(tail)];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}
