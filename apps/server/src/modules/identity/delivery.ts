// Codes and notices leave through the outbox (decision 281): `send` stores the message, sealed,
// in `outgoing_message` and adds its delivery job in the same transaction (the caller's, when it
// gives one), so nothing is sent inside a request and nothing is sent for a write that rolled
// back. The job runner's `deliver` hands it to the transport of its channel:
//   - email: SMTP (nodemailer) when SMTP_URL is set, as HTML and text from templates;
//   - SMS: Twilio's REST API when TWILIO_* are set (sms-twilio.ts);
//   - otherwise the dev outbox table (read at /dev/outbox outside production).
// A message is delivered at most once by this code: a job finding it no longer pending does
// nothing. A failure is retried by the runner with exponential backoff, up to
// MESSAGE_MAX_ATTEMPTS. Log lines name the channel, the masked recipient and the subject; a
// failure's reason is a status or error code, never the body or the address.
import type { Language } from '@clinicpass/shared/i18n/languages';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Clock } from '@clinicpass/shared/time/clock';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { outboxMessage } from '../../db/identity-schema';
import { outgoingMessage } from '../../db/messaging-schema';
import { DELIVER_MESSAGE_TASK } from '../../jobs/runner';
import { deriveKey, maskEmail, seal, unseal } from '../../lib/crypto';
import { DeliveryError } from './delivery-error';
import { renderEmail } from './email';
import { sendTwilioSms } from './sms-twilio';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  /** The text (of the SMS, or of the email, whose HTML the templates make from it). */
  body: string;
  language: Language;
  /** The code the message carries, shown apart in the HTML email. */
  code?: string;
  /** A link the message carries, a button in the HTML email. */
  link?: string;
}

export interface OutboxEntry {
  id: number;
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

/** Attempts of one delivery: backoff e^n seconds between them, about 1.5 minutes in all. */
export const MESSAGE_MAX_ATTEMPTS = 5;

/** A reason for an error from a transport that is not a DeliveryError: its code or name. */
function reasonOf(error: unknown): string {
  if (error instanceof DeliveryError) return error.reason;
  const { code, responseCode, name } = error as {
    code?: unknown;
    responseCode?: unknown;
    name?: unknown;
  };
  const parts = [code, responseCode].filter((p) => typeof p === 'string' || typeof p === 'number');
  return parts.length > 0 ? parts.join(' ') : typeof name === 'string' ? name : 'error';
}

const OUTBOX_WAIT_MS = 5_000;

export class Delivery {
  private readonly outboxKey: Buffer;
  private transport: Transporter | undefined;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxKey = deriveKey(config.secretKey, 'outbox');
  }

  private masked(message: Pick<OutgoingMessage, 'channel' | 'to'>): string {
    return message.channel === 'email' ? maskEmail(message.to) : maskPhone(message.to);
  }

  /** Queues a message: in `executor`'s transaction when it is one. */
  async send(message: OutgoingMessage, executor: Database = this.db): Promise<void> {
    const id = randomUUID();
    await executor.transaction(async (tx) => {
      await tx.insert(outgoingMessage).values({
        id,
        channel: message.channel,
        sealed: seal(this.outboxKey, JSON.stringify(message)),
        createdAt: this.clock.now(),
      });
      // graphile-worker's documented SQL API; the job key makes a second add a no-op update.
      await tx.execute(
        sql`select graphile_worker.add_job(${DELIVER_MESSAGE_TASK}, json_build_object('id', ${id}::text), max_attempts => ${MESSAGE_MAX_ATTEMPTS}, job_key => ${id}::text)`,
      );
    });
    this.log.info(
      { channel: message.channel, to: this.masked(message), subject: message.subject, message: id },
      'message queued',
    );
  }

  /** The job of one message: hands it to its transport once, marks it sent or failed. */
  async deliver(id: string, attempt: number, maxAttempts: number): Promise<void> {
    let message: OutgoingMessage | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outgoingMessage)
          .where(eq(outgoingMessage.id, id))
          .for('update');
        if (row?.status !== 'pending') return;
        message = JSON.parse(unseal(this.outboxKey, row.sealed)) as OutgoingMessage;
        await this.transmit(message, id, tx);
        await tx
          .update(outgoingMessage)
          .set({ status: 'sent', attempts: attempt, sentAt: this.clock.now(), lastError: null })
          .where(eq(outgoingMessage.id, id));
      });
    } catch (error) {
      const reason = reasonOf(error);
      const final = attempt >= maxAttempts;
      await this.db
        .update(outgoingMessage)
        .set({ status: final ? 'failed' : 'pending', attempts: attempt, lastError: reason })
        .where(eq(outgoingMessage.id, id));
      this.log.warn(
        {
          message: id,
          channel: message?.channel,
          to: message === undefined ? undefined : this.masked(message),
          attempt,
          final,
          reason,
        },
        final ? 'message delivery failed for good' : 'message delivery failed; will retry',
      );
      throw new DeliveryError(reason);
    }
    if (message !== undefined) {
      this.log.info(
        { message: id, channel: message.channel, to: this.masked(message), attempt },
        'message sent',
      );
    }
  }

  private async transmit(message: OutgoingMessage, id: string, tx: Database): Promise<void> {
    if (message.channel === 'email' && this.config.smtpUrl !== undefined) {
      this.transport ??= nodemailer.createTransport(this.config.smtpUrl);
      const content = renderEmail(message);
      await this.transport.sendMail({
        from: this.config.smtpFrom,
        to: message.to,
        subject: message.subject,
        text: content.text,
        html: content.html,
        // One id per outbox message: a receiving system may drop a repeat (decision 281).
        messageId: `<${id}@clinicpass>`,
      });
    } else if (message.channel === 'sms' && this.config.twilio !== null) {
      await sendTwilioSms(this.config.twilio, message.to, message.body);
    } else {
      await tx.insert(outboxMessage).values({
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: seal(this.outboxKey, message.body),
        createdAt: this.clock.now(),
      });
    }
  }

  /** Messages waiting for their first attempt. */
  private async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outgoingMessage)
      .where(and(eq(outgoingMessage.status, 'pending'), eq(outgoingMessage.attempts, 0)));
    return row?.n ?? 0;
  }

  /**
   * The dev outbox, newest first, once the messages waiting for a first attempt are delivered
   * (or after 5 s): a journey reads a code right after asking for it.
   */
  async outbox(limit = 100): Promise<OutboxEntry[]> {
    const deadline = Date.now() + OUTBOX_WAIT_MS;
    while ((await this.pendingCount()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const rows = await this.db
      .select()
      .from(outboxMessage)
      .orderBy(desc(outboxMessage.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as Channel,
      to: row.to,
      subject: row.subject,
      body: unseal(this.outboxKey, row.body),
      created_at: row.createdAt.toISOString(),
    }));
  }
}
