// The PDF writer of the generated documents (decision 197): pdfkit, one CJK font for every
// character (Noto Sans CJK's Hong Kong face covers Latin, digits and Traditional Chinese), which
// pdfkit embeds as a subset of the glyphs a document uses. The font file is read once, on the
// first document; start-up has already checked it (`checkDocumentFont`).
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/** Where the CJK font is: a TTF/OTF file, or a collection (TTC) and the face to use. */
export interface DocumentFont {
  path: string;
  /** The PostScript name of the face in a collection; ignored for a single-font file. */
  face: string;
}

const FONT = 'cjk';

const fontFiles = new Map<string, Buffer>();

function fontFile(path: string): Buffer {
  let file = fontFiles.get(path);
  if (file === undefined) {
    file = readFileSync(path);
    fontFiles.set(path, file);
  }
  return file;
}

/** The face to name when opening `font`: a collection's face; none for a single font. */
function faceName(font: DocumentFont): string | undefined {
  return fontFile(font.path).subarray(0, 4).toString('latin1') === 'ttcf' ? font.face : undefined;
}

/** The face of `font` fontkit reads (the collection's named face, or the file's one font). */
export function openFace(font: DocumentFont): fontkit.Font {
  const opened = fontkit.create(fontFile(font.path));
  if ('fonts' in opened) {
    const face = opened.fonts.find((candidate) => candidate.postscriptName === font.face);
    if (face === undefined) throw new Error(`${font.path} has no face named ${font.face}`);
    return face;
  }
  return opened;
}

/**
 * Start-up's check: the font opens and has a glyph for every character of `texts` (the
 * documents' fixed wording in both languages). Throws naming the file and the characters.
 */
export function checkDocumentFont(font: DocumentFont, texts: readonly string[]): void {
  let face: fontkit.Font;
  try {
    face = openFace(font);
  } catch (error) {
    throw new Error(
      `PDF_CJK_FONT ${font.path} cannot be read as a font (${(error as Error).message}); install fonts-noto-cjk or point PDF_CJK_FONT at an OpenType CJK font`,
      { cause: error },
    );
  }
  const missing = new Set<string>();
  for (const text of texts) {
    for (const character of text) {
      const code = character.codePointAt(0) ?? 0;
      if (code > 0x20 && !face.hasGlyphForCodePoint(code)) missing.add(character);
    }
  }
  if (missing.size > 0) {
    throw new Error(
      `PDF_CJK_FONT ${font.path} (${font.face}) has no glyph for ${[...missing].join('')}`,
    );
  }
}

/** A label and its value, printed as two columns. */
export type Row = readonly [label: string, value: string];

/** What a document holds, top to bottom. */
export interface DocumentContent {
  /** The PDF's language tag: `en` or `zh-HK`. */
  lang: string;
  title: string;
  /** Under the title: the issuer. */
  issuer: string;
  /** Under the issuer: how to reach them (the letterhead's contact line). */
  contact: string;
  /** Sections of label/value rows, each with an optional heading. */
  sections: readonly { heading?: string; rows: readonly Row[]; emphasiseLast?: boolean }[];
  /** Paragraphs after the sections. */
  notes: readonly string[];
  /** The last line: when and by whom it was generated. */
  footer: string;
}

const MARGIN = 56;
const INK = '#1f1f1f';
const MUTED = '#5c5c5c';
const ACCENT = '#c2185b';

/** Renders `content` to PDF bytes. */
export function renderPdf(font: DocumentFont, content: DocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: content.lang,
    displayTitle: true,
    info: { Title: content.title, Author: 'ClinicPass', Creator: 'ClinicPass' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  doc.registerFont(FONT, fontFile(font.path), faceName(font));
  doc.font(FONT);

  const width = doc.page.width - MARGIN * 2;
  doc.fillColor(ACCENT).fontSize(11).text('ClinicPass', { width });
  doc.moveDown(0.6);
  doc.fillColor(INK).fontSize(20).text(content.title, { width });
  doc.fillColor(MUTED).fontSize(10).text(content.issuer, { width });
  doc.fillColor(MUTED).fontSize(9).text(content.contact, { width });
  doc.moveDown(1);

  const labelWidth = width * 0.45;
  for (const section of content.sections) {
    if (section.heading !== undefined) {
      doc.fillColor(ACCENT).fontSize(12).text(section.heading, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
    section.rows.forEach(([label, value], index) => {
      const emphasise = section.emphasiseLast === true && index === section.rows.length - 1;
      if (doc.y > doc.page.height - MARGIN * 2) doc.addPage();
      const top = doc.y;
      doc
        .fillColor(emphasise ? INK : MUTED)
        .fontSize(emphasise ? 12 : 10.5)
        .text(label, MARGIN, top, { width: labelWidth - 8 });
      const afterLabel = doc.y;
      doc
        .fillColor(INK)
        .text(value, MARGIN + labelWidth, top, { width: width - labelWidth, align: 'right' });
      doc.y = Math.max(afterLabel, doc.y) + 4;
    });
    doc.moveDown(0.8);
  }
  doc.fillColor(INK).fontSize(10);
  for (const note of content.notes) {
    doc.text(note, MARGIN, doc.y, { width });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  doc.fillColor(MUTED).fontSize(8.5).text(content.footer, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
