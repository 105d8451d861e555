import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in-process for tests: the mails the app sends over SMTP arrive here. */
export interface TestSmtp {
  url: string;
  mails: Email[];
  /** Waits for the next mail to the address (or returns one already received). */
  nextMailTo(address: string): Promise<Email>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: Email[] = [];
  const waiters: Array<{ address: string; resolve: (mail: Email) => void }> = [];
  const seen = new Set<Email>();
  const matches = (mail: Email, address: string) =>
    mail.to?.some((to) => 'address' in to && to.address?.toLowerCase() === address.toLowerCase()) ?? false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            mails.push(mail);
            const index = waiters.findIndex((waiter) => matches(mail, waiter.address));
            if (index >= 0) {
              seen.add(mail);
              waiters.splice(index, 1)[0]?.resolve(mail);
            }
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo(address) {
      const found = mails.find((mail) => !seen.has(mail) && matches(mail, address));
      if (found) {
        seen.add(found);
        return Promise.resolve(found);
      }
      return new Promise((resolve) => waiters.push({ address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
