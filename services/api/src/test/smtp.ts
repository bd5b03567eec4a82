import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** What the test server answers to a message: accept it, or an SMTP reply code with its text. */
export type SmtpVerdict = 'accept' | { code: number; message: string };

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (no auth, no TLS): what SMTP_URL would be. */
  url: string;
  port: number;
  /** The messages accepted so far, parsed, with the recipients of the envelope. */
  received: (ParsedMail & { envelopeTo: string[] })[];
  /** What to answer to the next messages, in order; then 'accept'. */
  answerNext(...verdicts: SmtpVerdict[]): void;
  /** Waits until `count` messages have been accepted. */
  waitFor(count: number, withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package), parsing what it accepts with
 * `mailparser`: the mail tests send through it exactly as production sends through its server.
 */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const verdicts: SmtpVerdict[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const verdict = verdicts.shift() ?? 'accept';
        if (verdict !== 'accept') {
          const err = Object.assign(new Error(verdict.message), { responseCode: verdict.code });
          callback(err);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    answerNext: (...next) => verdicts.push(...next),
    async waitFor(count, withinMs = 5000) {
      const start = Date.now();
      while (received.length < count) {
        if (Date.now() - start > withinMs) throw new Error(`the SMTP server got ${received.length} messages, not ${count}, within ${withinMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
