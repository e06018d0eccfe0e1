// Emails as HTML and text from the templates in `templates/email` (eta, decision 283), in the
// message's language, around the texts of messages.ts.
import type { Language } from '@clinicpass/shared/i18n/languages';
import { Eta } from 'eta';
import { serverFile } from '../../server-root';
import { EMAIL_FRAME } from './messages';

const html = new Eta({ views: serverFile('templates/email'), autoEscape: true, cache: true });
const text = new Eta({ views: serverFile('templates/email'), autoEscape: false, cache: true });

export interface EmailContent {
  language: Language;
  subject: string;
  /** The message as plain text; paragraphs are separated by a blank line. */
  body: string;
  code?: string;
  link?: string;
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const frame = EMAIL_FRAME[content.language];
  return {
    html: html.render('./message-html', {
      lang: content.language,
      subject: content.subject,
      paragraphs: content.body.split(/\n{2,}/),
      code: content.code,
      link: content.link,
      ...frame,
    }),
    text: text.render('./message-text', { text: content.body, footer: frame.footer }),
  };
}
