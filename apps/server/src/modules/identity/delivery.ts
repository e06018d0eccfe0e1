// Sends codes and notices: SMTP (nodemailer) when SMTP_URL is set, an SMS webhook when
// SMS_WEBHOOK_URL is set, otherwise the outbox table (read at /dev/outbox outside production).
// A log line names the channel, the masked recipient and the subject, never the body.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import type { Clock } from '@clinicpass/shared/time/clock';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { outboxMessage } from '../../db/identity-schema';
import { deriveKey, maskEmail, seal, unseal } from './crypto';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  body: string;
}

export interface OutboxEntry extends OutgoingMessage {
  id: number;
  created_at: string;
}

const SMS_TIMEOUT_MS = 10_000;

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

  async send(message: OutgoingMessage): Promise<void> {
    const to = message.channel === 'email' ? maskEmail(message.to) : maskPhone(message.to);
    try {
      if (message.channel === 'email' && this.config.smtpUrl !== undefined) {
        this.transport ??= nodemailer.createTransport(this.config.smtpUrl);
        await this.transport.sendMail({
          from: this.config.smtpFrom,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
      } else if (message.channel === 'sms' && this.config.smsWebhookUrl !== undefined) {
        const response = await fetch(this.config.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, body: message.body }),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
      } else {
        await this.db.insert(outboxMessage).values({
          channel: message.channel,
          to: message.to,
          subject: message.subject,
          body: seal(this.outboxKey, message.body),
          createdAt: this.clock.now(),
        });
      }
    } catch (error) {
      this.log.warn(
        { channel: message.channel, to, reason: (error as Error).message },
        'message delivery failed',
      );
      throw new AppError('CodeDeliveryFailureException', { cause: error });
    }
    this.log.info({ channel: message.channel, to, subject: message.subject }, 'message sent');
  }

  /** The outbox, newest first. */
  async outbox(limit = 100): Promise<OutboxEntry[]> {
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
